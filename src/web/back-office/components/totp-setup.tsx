import { lazy, Suspense, useEffect, useRef } from "react";
import { Spinner } from "#web/ui/spinner.tsx";
import { secretOf } from "../api/staff-access.ts";
import { type TotpSetup, verifyTotp } from "../api/staff-calls.ts";
import styles from "../back-office.module.css";
import { CodeForm } from "./code-form.tsx";

// The QR library is fetched only when someone enrols, never with the sign-in page.
const TotpQr = lazy(() => import("./totp-qr.tsx").then((module) => ({ default: module.TotpQr })));

type TotpSetupStepsProps = {
  setup: TotpSetup;
  /** After the first code is accepted: the second factor is on. */
  onConfirmed: () => Promise<void>;
};

/**
 * The enrolment (issue 30): the secret as a QR code and as text, the backup codes shown this once,
 * and a first code from the authenticator to confirm it reads the secret right.
 */
export function TotpSetupSteps({ setup, onConfirmed }: TotpSetupStepsProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that was there is gone: take the reader to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  const secret = secretOf(setup.totpURI);
  return (
    <section className={styles.panel} aria-labelledby="totp-title">
      <h2 id="totp-title" ref={heading} tabIndex={-1}>
        Activa la verificación en dos pasos
      </h2>
      <ol className={styles.steps}>
        <li>
          <p>
            Escanea este código con la aplicación de códigos de verificación de tu móvil (cualquiera que
            admita códigos de 6 cifras, TOTP).
          </p>
          <Suspense fallback={<Spinner size="small" label="Preparando el código QR…" />}>
            <TotpQr uri={setup.totpURI} />
          </Suspense>
          {secret && (
            <p>
              ¿No puedes escanearlo? Escribe esta clave en la aplicación:{" "}
              <code className={styles.secret} id="totp-secret">
                {secret}
              </code>
            </p>
          )}
        </li>
        <li>
          <p>
            <strong>Guarda estos códigos de recuperación</strong> en un lugar seguro: cada uno sirve una vez
            si pierdes el teléfono. No se volverán a mostrar.
          </p>
          <ul className={styles.codes} aria-label="Códigos de recuperación">
            {setup.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </li>
        <li>
          <p>Para confirmar, escribe el código que muestra ahora la aplicación.</p>
          <CodeForm
            id="enrolment-code"
            submitLabel="Confirmar y entrar"
            onCode={async (code) => {
              await verifyTotp(code);
              await onConfirmed();
            }}
          />
        </li>
      </ol>
    </section>
  );
}
