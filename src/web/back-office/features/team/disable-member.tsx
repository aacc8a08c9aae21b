import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { StaffMember } from "#shared/api/staff-contract.ts";
import shared from "../../back-office.module.css";
import { FormMessage } from "../../components/form-message.tsx";
import styles from "./team.module.css";
import { disableStaff, teamQuery } from "./team-calls.ts";
import { teamErrorMessage } from "./team-messages.ts";

/**
 * "Desactivar", asked twice: the first press shows what it does and the button that does it,
 * with the focus on "Cancelar", so a second Enter changes nothing.
 */
export function DisableMember({ member }: { member: StaffMember }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await disableStaff(member.id);
      await queryClient.invalidateQueries({ queryKey: teamQuery().queryKey });
    } catch (error) {
      setFailure(teamErrorMessage(error));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  if (!asking) {
    return (
      <div className={styles.actions}>
        <FormMessage message={failure} />
        <button type="button" className={shared.secondary} onClick={() => setAsking(true)}>
          Desactivar<span className={styles.visuallyHidden}> a {member.name}</span>
        </button>
      </div>
    );
  }
  return (
    <fieldset className={styles.confirm}>
      <legend className={styles.question}>
        ¿Desactivar a {member.name}? No podrá volver a entrar y sus sesiones abiertas se cerrarán ahora.
      </legend>
      <div className={styles.actions}>
        <button type="button" className={styles.danger} onClick={confirm} disabled={busy}>
          {busy ? "Desactivando…" : "Sí, desactivar"}
        </button>
        <button type="button" ref={cancel} className={shared.secondary} onClick={() => setAsking(false)}>
          Cancelar
        </button>
      </div>
    </fieldset>
  );
}
