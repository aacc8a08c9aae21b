import { hydrate } from "@tanstack/react-query";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import { BOOT_ELEMENT_ID, type BootData } from "./app/boot-data.ts";
import { AppProviders } from "./app/providers.tsx";
import { createRoutes } from "./app/routes.tsx";
import { createI18nStore } from "./lib/i18n/i18n-store.ts";
import { createQueryClient } from "./lib/query-client.ts";
import "./ui/global.css";

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

async function start() {
  const boot = JSON.parse(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? "{}") as BootData;
  const queryClient = createQueryClient();
  hydrate(queryClient, boot.queryState);
  const i18n = createI18nStore(boot.lang, boot.messages);
  const routes = createRoutes({ queryClient, getLang: () => i18n.getState().lang });
  await resolveLazyRoutes(routes);
  window.__staticRouterHydrationData = boot.router;
  const router = createBrowserRouter(routes);
  const root = document.getElementById("root");
  if (!root) throw new Error("No #root element");
  hydrateRoot(
    root,
    <AppProviders queryClient={queryClient} i18n={i18n} site={{ origin: boot.origin }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** The page's own route modules must be in place before hydration, or React would re-render. */
async function resolveLazyRoutes(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

void start();
