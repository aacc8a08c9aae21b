import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { CustomerDetail, ErasureOutline } from "#shared/api/back-office-customer-contract.ts";
import { StaffApiError } from "../../api/staff-api-error.ts";
import shared from "../../back-office.module.css";
import styles from "./customer.module.css";
import { eraseCustomer } from "./customer-calls.ts";

type Props = { detail: CustomerDetail; mayErase: boolean; onErased: (outline: ErasureOutline) => void };

/**
 * «Borrar la cuenta»: what goes and what stays, said plainly, then the customer's e-mail typed
 * again. The owner's alone (decision 045); the server checks both.
 */
export function CustomerErase({ detail, mayErase, onErased }: Props) {
  return (
    <section className={styles.danger} aria-labelledby="customer-erase">
      <h2 id="customer-erase">Borrar la cuenta</h2>
      <p>
        Se borran la cuenta y sus formas de entrar, sus datos personales, sus direcciones, su carrito, su
        lista de deseos y sus cupones personales, y se cierran sus sesiones en todos sus dispositivos. Si su
        correo está comprobado, deja también de recibir el boletín.
      </p>
      <p>
        Se conservan sus pedidos y sus facturas, con el nombre, la dirección y el correo con que se hicieron,
        porque la ley obliga a guardar las facturas; dejan de estar ligados a ninguna cuenta. No se puede
        deshacer.
      </p>
      {mayErase ? (
        <EraseForm detail={detail} onErased={onErased} />
      ) : (
        <p className={shared.muted}>Solo la persona propietaria de la tienda puede borrar cuentas.</p>
      )}
    </section>
  );
}

function EraseForm({ detail, onErased }: Omit<Props, "mayErase">) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get("confirmEmail");
    if (typeof typed !== "string" || typed.trim().toLowerCase() !== detail.profile.email.toLowerCase()) {
      setError("Escribe exactamente su correo electrónico para confirmarlo.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const outline = await eraseCustomer(detail.profile.id, typed);
      await queryClient.invalidateQueries({ queryKey: ["gestion", "customers"] });
      onErased(outline);
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };
  // POST: sent without the script, the server sends it back to its page (decision 042), and
  // the typed e-mail never lands in an address.
  return (
    <form method="post" className={shared.form} onSubmit={(event) => void submit(event)} noValidate>
      <div className={styles.field}>
        <label htmlFor="erase-confirm">Escribe su correo electrónico para confirmarlo</label>
        <input
          id="erase-confirm"
          name="confirmEmail"
          type="email"
          autoComplete="off"
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "erase-error" : undefined}
        />
        {error && (
          <p id="erase-error" className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className={styles.dangerButton} disabled={busy}>
        Borrar la cuenta para siempre
      </button>
    </form>
  );
}

function messageOf(failure: unknown): string {
  if (failure instanceof StaffApiError) {
    if (failure.code === "confirmation-mismatch") return "El correo no coincide con el de la cuenta.";
    if (failure.status === 403) return "Solo la persona propietaria de la tienda puede borrar cuentas.";
    if (failure.status === 404) return "Esta cuenta ya no existe: puede que otra persona la haya borrado.";
  }
  return "No se ha podido borrar la cuenta. Comprueba tu conexión y vuelve a intentarlo.";
}
