import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link, Navigate } from "#web/lib/routing.tsx";
import shared from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { CatalogImport } from "./catalog-import.tsx";

/**
 * `/gestion/catalogo/importar` (issue 32, decision 053): a catalogue file chosen, read in the
 * browser, previewed as the importer's report, then applied in one transaction. The owner's: any
 * other staff member is told so (the API refuses them too).
 */
export function CatalogImportPage() {
  const { me, redirect } = useStaffMe("catalog-import");
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <section className={`${shared.panel} ${shared.wide}`} aria-labelledby="catalog-import-title">
      <title>Importar catálogo · Gestión</title>
      <p>
        <Link to={backOfficePaths.catalog()}>← Catálogo</Link>
      </p>
      <h1 id="catalog-import-title">Importar catálogo</h1>
      {me.role === "owner" ? (
        <CatalogImport />
      ) : (
        <p>
          Solo la persona propietaria de la tienda puede importar el catálogo. Los productos uno a uno se
          cambian desde el <Link to={backOfficePaths.catalog()}>catálogo</Link>.
        </p>
      )}
    </section>
  );
}
