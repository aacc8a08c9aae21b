import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Navigate } from "#web/lib/routing.tsx";
import { roleNames } from "../../api/staff-access.ts";
import styles from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";

/** `/gestion`: the signed-in member's summary of the shop (issue 30). Being built this session. */
export function DashboardPage() {
  const { me, redirect } = useStaffMe("home");
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="dashboard-title">
      <title>Gestión</title>
      <h1 id="dashboard-title">Hola, {me.name}</h1>
      <p className={styles.muted}>{roleNames[me.role]}</p>
    </section>
  );
}
