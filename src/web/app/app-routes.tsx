import { type ComponentType, lazy } from "react";
import { guestPatterns } from "#shared/paths.ts";
import { useTextParts } from "#web/lib/i18n/i18n.tsx";
import { Navigate, Route, Switch } from "#web/lib/routing.tsx";
import {
  guardedPage,
  guardedPages,
  guardedRoutes,
  loadPage,
  matchPage,
  type PageName,
  publicRoutes,
  textPartsOf,
} from "./route-table.ts";
import { Guard } from "./shell/guard.tsx";
import { RootLayout } from "./shell/root-layout.tsx";

const pageNames: PageName[] = [...publicRoutes.map(({ page }) => page), ...Object.values(guardedPages)];
const lazyPages = Object.fromEntries(
  pageNames.map((page) => [page, lazy(async () => ({ default: (await loadPage(page)).Component }))]),
) as Record<PageName, React.LazyExoticComponent<ComponentType>>;

/** Pages loaded before hydration; they render at once instead of suspending. */
const readyPages = new Map<PageName, ComponentType>();

/**
 * Loads the module of the page at `pathname` before the browser hydrates. Without it the page's
 * boundary would wait for its module while the shell is already live, and per-user data arriving
 * in between (the cart, the wish list) would make the page differ from the server's HTML.
 */
export async function preloadPageFor(pathname: string): Promise<void> {
  const route = matchPage(pathname);
  if (!route) return;
  try {
    readyPages.set(route.page, (await loadPage(route.page)).Component);
  } catch {
    // Left to the lazy loader, whose failure the route's error boundary shows.
  }
}

function Page({ name }: { name: PageName }) {
  // A page waits for its part of the texts, as it waits for its module.
  useTextParts(textPartsOf(name));
  const Component = readyPages.get(name) ?? lazyPages[name];
  return <Component />;
}

/** The same tree on the server and in the browser; pages load on demand (spec §2). */
export function AppRoutes() {
  return (
    <RootLayout>
      <Switch>
        {publicRoutes.map(({ path, page }) => (
          <Route key={path} path={path}>
            <Page name={page} />
          </Route>
        ))}
        {guardedRoutes.map((path) => (
          <Route key={path} path={path}>
            <Guard allowGuests={guestPatterns.includes(path)}>
              <Page name={guardedPage(path)} />
            </Guard>
          </Route>
        ))}
        {/* Spec §2: any unknown path is replaced by / in history. */}
        <Route>
          <Navigate to="/" replace />
        </Route>
      </Switch>
    </RootLayout>
  );
}
