import type { ProductCard as ProductCardData } from "#shared/api/catalog-contract.ts";
import { paths } from "#shared/paths.ts";
import { Link } from "#web/lib/routing.tsx";
import { Price } from "#web/ui/price.tsx";
import { ProductImage } from "#web/ui/product-image.tsx";
import { StockLabel } from "#web/ui/stock-label.tsx";
import styles from "./product-card.module.css";

type ProductCardProps = { product: ProductCardData; priority?: boolean };

export function ProductCard({ product, priority = false }: ProductCardProps) {
  return (
    <article className={styles.card}>
      <Link to={paths.product(product.id)} className={styles.link}>
        <ProductImage
          src={product.imagen}
          alt=""
          sizes="(min-width: 1200px) 280px, (min-width: 700px) 30vw, 48vw"
          priority={priority}
        />
        <h3 className={styles.title}>{product.texto}</h3>
      </Link>
      <div className={styles.meta}>
        <Price cents={product.priceCents} className={styles.price} />
        <StockLabel stock={product.stock} />
      </div>
    </article>
  );
}
