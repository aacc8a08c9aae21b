import { lazy } from "react";
import { Navigate, Route, Routes } from "react-router";
import {
  guardedPage,
  guardedPages,
  guardedRoutes,
  loadPage,
  type PageName,
  publicRoutes,
} from "./route-table.ts";
import { Guard } from "./shell/guard.tsx";
import { RootLayout } from "./shell/root-layout.tsx";

const pageNames: PageName[] = [...publicRoutes.map(({ page }) => page), ...Object.values(guardedPages)];
const pages = Object.fromEntries(
  pageNames.map((page) => [page, lazy(async () => ({ default: (await loadPage(page)).Component }))]),
) as Record<PageName, React.LazyExoticComponent<React.ComponentType>>;

function GuardedPage({ path }: { path: (typeof guardedRoutes)[number] }) {
  const Page = pages[guardedPage(path)];
  return <Page />;
}

/** The same tree on the server and in the browser; pages load on demand (spec §2). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {publicRoutes.map(({ path, page }) => {
          const Page = pages[page];
          return <Route key={path} path={path} element={<Page />} />;
        })}
        <Route element={<Guard />}>
          {guardedRoutes.map((path) => (
            <Route key={path} path={path} element={<GuardedPage path={path} />} />
          ))}
        </Route>
        {/* Spec §2: any unknown path is replaced by / in history. */}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
