import { hashKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link, useCurrentUrl } from "#web/lib/routing.tsx";
import { meQuery, signOut } from "../api/staff-calls.ts";
import { staffErrorMessage } from "../api/staff-error-message.ts";
import styles from "../back-office.module.css";

const sections = [
  { to: backOfficePaths.home(), label: "Resumen", owner: false },
  { to: backOfficePaths.orders(), label: "Pedidos", owner: false },
  { to: backOfficePaths.customers(), label: "Clientes", owner: false },
  { to: backOfficePaths.catalog(), label: "Catálogo", owner: false },
  { to: backOfficePaths.promotions(), label: "Promociones", owner: false },
  { to: backOfficePaths.stock(), label: "Stock", owner: false },
  { to: backOfficePaths.newsletter(), label: "Boletín", owner: false },
  { to: backOfficePaths.reviews(), label: "Opiniones", owner: false },
  { to: backOfficePaths.team(), label: "Equipo", owner: true },
] as const;

/** The section a path belongs to: "/gestion/pedidos/2026-000001" is in "Pedidos". */
function isCurrent(to: string, pathname: string): boolean {
  return to === backOfficePaths.home() ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
}

/** The signed-in member's way around: the sections they may open, and the way out. */
export function StaffNav() {
  const { data: me } = useQuery(meQuery());
  const { pathname } = useCurrentUrl();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!me?.twoFactorEnabled) return null;

  const leave = async () => {
    setLeaving(true);
    setFailure(null);
    try {
      await signOut();
      // Nobody is signed in now: every page sends the next person to sign in. Told first, as
      // `clear()` would drop the queries on screen without a word to the pages watching them;
      // then the rest of what the session fetched is forgotten.
      const me = meQuery().queryKey;
      queryClient.setQueryData(me, null);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(me) });
    } catch (error) {
      setFailure(staffErrorMessage(error));
    } finally {
      setLeaving(false);
    }
  };

  return (
    <nav className={styles.nav} aria-label="Secciones">
      <ul className={styles.navList}>
        {sections
          .filter((section) => !section.owner || me.role === "owner")
          .map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                className={styles.navLink}
                aria-current={isCurrent(section.to, pathname) ? "page" : undefined}
              >
                {section.label}
              </Link>
            </li>
          ))}
      </ul>
      <button type="button" className={styles.navLeave} onClick={leave} disabled={leaving}>
        {leaving ? "Saliendo…" : "Cerrar sesión"}
      </button>
      {failure ? (
        <p role="alert" className={styles.navFailure}>
          {failure}
        </p>
      ) : null}
    </nav>
  );
}
