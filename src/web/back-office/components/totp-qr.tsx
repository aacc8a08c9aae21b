import { create } from "qrcode";
import { useMemo } from "react";
import styles from "../back-office.module.css";
import { qrPath } from "./qr-path.ts";

/** The light margin a reader needs around the code, in modules. */
const QUIET_ZONE = 4;

/** The authenticator's link as a QR code, drawn as SVG (loaded only when an enrolment starts). */
export function TotpQr({ uri }: { uri: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = create(uri, { errorCorrectionLevel: "M" });
    return { size: modules.size + 2 * QUIET_ZONE, path: qrPath(modules) };
  }, [uri]);
  return (
    <svg
      className={styles.qr}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="Código QR para añadir la cuenta a tu aplicación de códigos"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} transform={`translate(${QUIET_ZONE} ${QUIET_ZONE})`} fill="#000" />
    </svg>
  );
}
