import type { StaffMember } from "#shared/api/staff-contract.ts";
import { formatShopDate } from "#shared/dates.ts";
import { roleNames } from "../../api/staff-access.ts";
import { DisableMember } from "./disable-member.tsx";
import styles from "./team.module.css";

/** Everyone with a staff account, those disabled included (the audit names them). */
export function MemberList({ members, meId }: { members: readonly StaffMember[]; meId: string }) {
  return (
    <section className={styles.section} aria-labelledby="members-title">
      <h2 id="members-title">Personas del equipo ({members.length})</h2>
      <ul className={styles.list}>
        {members.map((member) => (
          <li key={member.id} className={styles.item} aria-labelledby={`member-${member.id}`}>
            <span id={`member-${member.id}`} className={styles.name}>
              {member.name}
              {member.id === meId ? " (tú)" : ""}
            </span>
            <span className={styles.email}>{member.email}</span>
            <span className={styles.meta}>
              {roleNames[member.role]} ·{" "}
              {member.twoFactorEnabled
                ? "Verificación en dos pasos activada"
                : "Sin verificación en dos pasos aún"}
            </span>
            {member.disabledAt ? (
              <span className={styles.disabled}>
                Cuenta desactivada el {formatShopDate(member.disabledAt, "es")}
              </span>
            ) : member.id === meId ? null : (
              <DisableMember member={member} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
