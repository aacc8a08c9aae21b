import { type ReactNode, useEffect, useRef, useState } from "react";
import type { CatalogProduct } from "#shared/api/back-office-catalog-contract.ts";
import formStyles from "#web/ui/form.module.css";
import shared from "../../back-office.module.css";
import { FormMessage } from "../../components/form-message.tsx";
import styles from "./catalog-product.module.css";
import { type ProductChangeOutcome, setPublished } from "./catalog-product-calls.ts";
import { catalogErrorMessage } from "./catalog-product-messages.ts";

const HIDE_EFFECT = "Su página dejará de mostrarse en la tienda; los pedidos lo conservan.";

/**
 * Whether the shop shows the product, and the button that changes it. Hiding is asked twice: the
 * first press says what it does, with the focus on «Cancelar», so a second Enter changes nothing.
 */
export function ProductPublication(props: {
  product: CatalogProduct;
  onOutcome: (outcome: ProductChangeOutcome, said: string) => Promise<boolean>;
  /** A change is on its way: what the page said of the last one goes. */
  onStart: () => void;
  said: string | null;
  stale: ReactNode;
}) {
  const { product } = props;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (wasAsking.current) ask.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  const change = async (published: boolean) => {
    setBusy(true);
    setFailure(null);
    props.onStart();
    try {
      await props.onOutcome(
        await setPublished(product.id, published, product.version),
        published
          ? "Publicado: su página vuelve a mostrarse en la tienda."
          : "Oculto: su página ya no se muestra en la tienda.",
      );
    } catch (error) {
      setFailure(catalogErrorMessage(error));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <section className={styles.publication} aria-labelledby="publication-title">
      <h2 id="publication-title">En la tienda</h2>
      <p>
        {product.published
          ? "Publicado: se muestra en la tienda, en su categoría y en las búsquedas."
          : "Oculto: la tienda no lo muestra y su página responde «no encontrado». Sus pedidos lo conservan."}
      </p>
      <FormMessage message={failure} />
      {props.stale}
      {asking ? (
        <fieldset className={styles.confirm}>
          <legend className={styles.question}>¿Ocultar este producto? {HIDE_EFFECT}</legend>
          <div className={styles.actions}>
            <button
              type="button"
              className={formStyles.dangerButton}
              onClick={() => void change(false)}
              disabled={busy}
            >
              {busy ? "Ocultando…" : "Sí, ocultar"}
            </button>
            <button type="button" ref={cancel} className={shared.secondary} onClick={() => setAsking(false)}>
              Cancelar
            </button>
          </div>
        </fieldset>
      ) : (
        <div className={styles.actions}>
          {product.published ? (
            <button type="button" ref={ask} className={shared.secondary} onClick={() => setAsking(true)}>
              Ocultar…
            </button>
          ) : (
            <button
              type="button"
              ref={ask}
              className={shared.secondary}
              onClick={() => void change(true)}
              disabled={busy}
            >
              {busy ? "Publicando…" : "Publicar"}
            </button>
          )}
        </div>
      )}
      <p role="status" className={styles.said}>
        {props.said}
      </p>
    </section>
  );
}
