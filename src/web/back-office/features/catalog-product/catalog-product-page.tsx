import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Suspense, useRef, useState } from "react";
import type { CatalogProduct } from "#shared/api/back-office-catalog-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatShopDateTime } from "#shared/dates.ts";
import { paths } from "#shared/paths.ts";
import { Link, Navigate, useParams } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import shared from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { catalogKey } from "../catalog/catalog-calls.ts";
import { HiddenBadge } from "../catalog/catalog-results.tsx";
import { stockKey } from "../stock/stock-calls.ts";
import styles from "./catalog-product.module.css";
import {
  catalogProductKey,
  catalogProductQuery,
  type ProductChangeOutcome,
} from "./catalog-product-calls.ts";
import { STALE_MESSAGE } from "./catalog-product-messages.ts";
import { ProductFormView } from "./product-form.tsx";
import { ProductPublication } from "./product-publication.tsx";

/**
 * `/gestion/catalogo/:id`: one product's price, code, texts in both languages, filing and
 * pictures to edit, and whether the shop shows it (issue 32). Every change is sent on the version
 * the page read; one refused because someone else changed the product first says so, and loads
 * its current state when asked.
 */
export function CatalogProductPage() {
  const { me, redirect } = useStaffMe("catalog-product");
  const id = useParams().id ?? "";
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <ErrorBoundary key={id} fallback={<Failed />}>
      <Suspense fallback={<p className={shared.muted}>Cargando el producto…</p>}>
        <CatalogProductView id={id} />
      </Suspense>
    </ErrorBoundary>
  );
}

function CatalogProductView({ id }: { id: string }) {
  const { data } = useSuspenseQuery(catalogProductQuery(id));
  if (data.kind === "missing") return <Missing />;
  return <ProductEditor key={data.product.id} read={data.product} />;
}

/** Where the page says what became of a change: beside the button that sent it. */
export type Said = { text: string; at: "publication" | "form" };
/** A change refused as stale: the product as it is now, and the button it came from. */
export type Stale = { current: CatalogProduct; at: "publication" | "form" };

/**
 * The product as this page last read or wrote it (`base`): the version every change is sent on.
 * A refetch in the background does not replace it (that would send someone else's version with
 * this page's values); only this page's own changes, or «Cargar su estado actual», do.
 */
function ProductEditor({ read }: { read: CatalogProduct }) {
  const queryClient = useQueryClient();
  const [base, setBase] = useState(read);
  const [formKey, setFormKey] = useState(0);
  const [said, setSaid] = useState<Said | null>(null);
  const [stale, setStale] = useState<Stale | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  /** Keeps the product as the server answered it, for this page and the lists. */
  const keep = async (product: CatalogProduct) => {
    setBase(product);
    queryClient.setQueryData(catalogProductKey(String(product.id)), { kind: "found" as const, product });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...catalogKey, "list"] }),
      queryClient.invalidateQueries({ queryKey: stockKey }),
    ]);
  };
  const onOutcome = async (outcome: ProductChangeOutcome, at: Said["at"], text: string) => {
    if (outcome.kind === "stale") {
      setSaid(null);
      setStale({ current: outcome.current, at });
      return false;
    }
    setStale(null);
    setSaid({ text, at });
    await keep(outcome.product);
    return true;
  };
  const reload = async () => {
    if (!stale) return;
    await keep(stale.current);
    setStale(null);
    setFormKey((key) => key + 1);
    setSaid({ text: "Cargado su estado actual.", at: stale.at });
    heading.current?.focus();
  };
  const staleNotice = (at: Said["at"]) =>
    stale?.at === at ? <StaleNotice onReload={() => void reload()} /> : null;
  const saidAt = (at: Said["at"]) => (said?.at === at ? said.text : null);

  const { fields } = base;
  const name = fields.es.texto || `Producto ${base.id}`;
  return (
    <section className={`${shared.panel} ${shared.wide}`} aria-labelledby="catalog-product-title">
      <title>{`${name} · Catálogo · Gestión`}</title>
      <p>
        <Link to={backOfficePaths.catalog()}>← Catálogo</Link>
      </p>
      <div className={styles.heading}>
        <h1 id="catalog-product-title" ref={heading} tabIndex={-1}>
          {name}
        </h1>
        {base.published ? null : <HiddenBadge />}
      </div>
      <ul className={styles.links}>
        <li>
          <a href={paths.product(base.id)}>Ver en la tienda</a>
          {base.published ? null : <span className={shared.muted}> (oculto: no se muestra)</span>}
        </li>
        <li>
          <Link to={backOfficePaths.stockProduct(String(base.id))}>Ver su stock</Link>
        </li>
      </ul>
      <dl className={shared.facts}>
        <dt>Número</dt>
        <dd>{base.id}</dd>
        <dt>Última modificación</dt>
        <dd>{formatShopDateTime(base.updatedAt, "es")}</dd>
      </dl>
      <ProductPublication
        product={base}
        onOutcome={(outcome, text) => onOutcome(outcome, "publication", text)}
        onStart={() => setSaid(null)}
        said={saidAt("publication")}
        stale={staleNotice("publication")}
      />
      <ProductFormView
        key={formKey}
        product={base}
        onOutcome={(outcome) => onOutcome(outcome, "form", "Guardado.")}
        onStart={() => setSaid(null)}
        said={saidAt("form")}
        stale={staleNotice("form")}
      />
    </section>
  );
}

/** «Otra persona ha cambiado este producto…», and the way to its current state. */
function StaleNotice({ onReload }: { onReload: () => void }) {
  return (
    <div className={styles.stale} role="alert">
      <p>{STALE_MESSAGE}</p>
      <button type="button" className={shared.secondary} onClick={onReload}>
        Cargar su estado actual
      </button>
    </div>
  );
}

function Missing() {
  return (
    <section className={shared.panel} aria-labelledby="missing-title">
      <title>Producto no encontrado · Gestión</title>
      <h1 id="missing-title">Producto no encontrado</h1>
      <p>No hay ningún producto del catálogo con esta dirección.</p>
      <p>
        <Link to={backOfficePaths.catalog()}>Volver al catálogo</Link>
      </p>
    </section>
  );
}

function Failed() {
  return (
    <p className={shared.notice} role="alert">
      No hemos podido cargar el producto. Comprueba tu conexión y vuelve a cargar la página.
    </p>
  );
}
