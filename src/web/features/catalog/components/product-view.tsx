import { useSuspenseQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import type { ProductDetail } from "#shared/api/catalog-contract.ts";
import { decimalPrice } from "#shared/money.ts";
import { paths } from "#shared/paths.ts";
import { useLang, useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSite } from "#web/lib/site.tsx";
import { NotFoundPage } from "#web/ui/not-found-page.tsx";
import { absoluteUrl, JsonLd, PageMeta } from "#web/ui/page-meta.tsx";
import { Price } from "#web/ui/price.tsx";
import { QuantitySelector } from "#web/ui/quantity-selector.tsx";
import { StockLabel } from "#web/ui/stock-label.tsx";
import { WhenVisible } from "#web/ui/when-visible.tsx";
import { productQuery } from "../api/get-product.ts";
import { ProductGallery } from "./product-gallery.tsx";
import { ProductGrid } from "./product-grid.tsx";
import styles from "./product-view.module.css";

/** Shown for a sold-out product only: its code is asked for then (issue 33). */
const BackInStockForm = lazy(async () => ({
  default: (await import("./back-in-stock-form.tsx")).BackInStockForm,
}));
/** Below the first view: hydrated, and its code and texts asked for, once scrolled into view. */
const ProductReviews = lazy(async () => ({
  default: (await import("./product-reviews.tsx")).ProductReviews,
}));
const REVIEWS_ID = "opiniones";

export type PurchaseActionsProps = { product: ProductDetail; quantity: number };

type ProductViewProps = {
  id: number;
  /** The buttons under the quantity selector, supplied by the page (cart and wish list). */
  renderActions: (props: PurchaseActionsProps) => ReactNode;
};

export function ProductView({ id, renderActions }: ProductViewProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data: product } = useSuspenseQuery(productQuery(id, lang));
  const [quantity, setQuantity] = useState(1);
  if (!product) return <NotFoundPage kind="product" />;
  return (
    <>
      <PageMeta
        title={product.texto}
        description={product.descripcion}
        path={paths.product(product.id)}
        image={product.imagen}
      />
      <ProductJsonLd product={product} />
      <div className={styles.layout}>
        <ProductGallery images={product.images} title={product.texto} />
        <div className={styles.summary}>
          <h1>{product.texto}</h1>
          <p className={styles.code}>{t("product.code", { code: product.codigo })}</p>
          <p className={styles.description}>{product.descripcion}</p>
          <div className={styles.priceRow}>
            <Price cents={product.priceCents} className={styles.price} />
            <StockLabel stock={product.stock} />
          </div>
          <p className={styles.vat}>{t("product.vatIncluded")}</p>
          {product.maxPerOrder === 1 && product.stock > 0 && (
            <p className={styles.note}>{t("product.singleUnit")}</p>
          )}
          <div className={styles.buy}>
            <QuantitySelector value={quantity} max={product.maxPerOrder} onChange={setQuantity} />
            {renderActions({ product, quantity })}
          </div>
          {product.stock <= 0 && (
            <Suspense fallback={null}>
              <BackInStockForm productId={product.id} />
            </Suspense>
          )}
        </div>
      </div>
      <section className={styles.texts}>
        <TextBlock title={t("product.details")} text={product.detalles} />
        {product.informacion && <TextBlock title={t("product.information")} text={product.informacion} />}
      </section>
      <div id={REVIEWS_ID}>
        <WhenVisible watch={REVIEWS_ID} ahead="none">
          <ProductReviews productId={product.id} productName={product.texto} />
        </WhenVisible>
      </div>
      {product.related.length > 0 && (
        <section aria-labelledby="related-title">
          <h2 id="related-title">{t("product.related")}</h2>
          <ProductGrid products={product.related.slice(0, 4)} />
        </section>
      )}
    </>
  );
}

function TextBlock({ title, text }: { title: string; text: string }) {
  return (
    <div className={styles.textBlock}>
      <h2>{title}</h2>
      {text.split("\n").map((line, index) => (
        // Lines of a fixed text never reorder: the index is a stable key here.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index}>{line}</p>
      ))}
    </div>
  );
}

/** The product's structured data; its reviews' block names the same `@id`, so they are one Product. */
function ProductJsonLd({ product }: { product: ProductDetail }) {
  const { origin } = useSite();
  const url = `${origin}${paths.product(product.id)}`;
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "Product",
        "@id": url,
        name: product.texto,
        sku: product.codigo,
        description: product.descripcion,
        image: product.images.map((image) => absoluteUrl(origin, image)),
        offers: {
          "@type": "Offer",
          url,
          priceCurrency: "EUR",
          price: decimalPrice(product.priceCents),
          availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        },
      }}
    />
  );
}
