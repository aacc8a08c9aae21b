import { type RouteObject, redirect } from "react-router";
import type { RouteContext } from "./route-context.ts";
import { Guard } from "./shell/guard.tsx";
import { RootLayout } from "./shell/root-layout.tsx";
import { RouteError } from "./shell/route-error.tsx";

/** A page module: a thin component plus, when it needs data, a loader factory. */
export type PageModule = {
  Component: React.ComponentType;
  createLoader?: (context: RouteContext) => NonNullable<RouteObject["loader"]>;
};

const pageModules = import.meta.glob<PageModule>("./pages/*.tsx");

/** Source file of each page, to find its chunk in the build manifest (server preloads). */
export const pageFile = (name: string) => `src/web/app/pages/${name}.tsx`;

function page(name: string, context: RouteContext): Pick<RouteObject, "lazy"> {
  const load = pageModules[`./pages/${name}.tsx`];
  if (!load) throw new Error(`No page module ${name}`);
  return {
    lazy: async () => {
      const module = await load();
      return {
        Component: module.Component,
        ...(module.createLoader ? { loader: module.createLoader(context) } : {}),
        handle: { page: name },
      };
    },
  };
}

export function createRoutes(context: RouteContext): RouteObject[] {
  return [
    {
      id: "root",
      path: "/",
      Component: RootLayout,
      ErrorBoundary: RouteError,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            { index: true, ...page("home-page", context) },
            { path: "categoria/:categoria", ...page("category-page", context) },
            { path: "detalle/:producto", ...page("product-page", context) },
            { path: "producto/:producto", ...page("search-page", context) },
            { path: "footer/:slug", ...page("info-page", context) },
            { path: "derechos", ...page("rights-page", context) },
            { path: "login", ...page("login-page", context) },
            { path: "register", ...page("register-page", context) },
            { Component: Guard, children: guardedRoutes },
            // Spec §2: any unknown path goes to / (the unknown entry is not kept in history).
            { path: "*", loader: () => redirect("/") },
          ],
        },
      ],
    },
  ];
}

/** Spec §2's guarded group; their pages arrive with the accounts and checkout issues. */
const guardedRoutes: RouteObject[] = [
  "checkout",
  "checkout/fin",
  "direccion",
  "cupones",
  "abono",
  "pedidos",
  "wishlist",
  "datos/personales",
  "comprasRealizadas",
  "detalle/compra/:id",
].map((path) => ({ path }));
