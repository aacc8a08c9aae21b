import type { OpenInvitation } from "#shared/api/staff-contract.ts";
import { formatShopDateTime } from "#shared/dates.ts";
import { roleNames } from "../../api/staff-access.ts";
import styles from "./team.module.css";

/** The invitations nobody has answered yet, newest first. */
export function OpenInvitations({ invitations }: { invitations: readonly OpenInvitation[] }) {
  return (
    <section className={styles.section} aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invitaciones pendientes ({invitations.length})</h2>
      {invitations.length === 0 ? (
        <p className={styles.meta}>No hay invitaciones sin responder.</p>
      ) : (
        <ul className={styles.list}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className={styles.item}>
              <span className={styles.name}>{invitation.email}</span>
              <span className={styles.meta}>
                {roleNames[invitation.role]} · caduca el {formatShopDateTime(invitation.expiresAt, "es")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
