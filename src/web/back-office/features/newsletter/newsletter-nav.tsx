import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link, useCurrentUrl } from "#web/lib/routing.tsx";
import styles from "./newsletter.module.css";

/** The newsletter's own pages: its subscribers, the issues sent, and (the owner's) a new issue. */
export function NewsletterNav({ owner }: { owner: boolean }) {
  const { pathname } = useCurrentUrl();
  const pages = [
    { to: backOfficePaths.newsletter(), label: "Suscriptores" },
    { to: backOfficePaths.newsletterIssues(), label: "Boletines enviados" },
    ...(owner ? [{ to: backOfficePaths.newIssue(), label: "Escribir un boletín" }] : []),
  ];
  return (
    <nav aria-label="Boletín" className={styles.tabs}>
      {pages.map((page) => (
        <Link
          key={page.to}
          to={page.to}
          aria-current={pathname === page.to || pathname.startsWith(`${page.to}/`) ? "page" : undefined}
        >
          {page.label}
        </Link>
      ))}
    </nav>
  );
}
