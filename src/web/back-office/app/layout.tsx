import { type ReactNode, useEffect } from "react";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { brand } from "#shared/brand.ts";
import { Link } from "#web/lib/routing.tsx";
import styles from "../back-office.module.css";
import { StaffNav } from "./staff-nav.tsx";

/** The frame of every back-office page: its header and its main region. */
export function Layout({ children }: { children: ReactNode }) {
  // `<html data-hydrated>` once the page answers to its script (the e2e tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link to={backOfficePaths.home()} className={styles.brand}>
          Gestión · {brand.shopName}
        </Link>
        <StaffNav />
      </header>
      <main id="main" className={styles.main}>
        <noscript>
          <p className={styles.notice}>
            La gestión necesita JavaScript: actívalo en tu navegador para entrar.
          </p>
        </noscript>
        {children}
      </main>
    </div>
  );
}
