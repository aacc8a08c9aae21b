import type { ProductCard as ProductCardData } from "#shared/api/catalog-contract.ts";
import { ProductCard } from "./product-card.tsx";
import styles from "./product-grid.module.css";

type ProductGridProps = {
  products: readonly ProductCardData[];
  /** How many leading pictures are above the fold and load eagerly. */
  priorityCount?: number;
};

export function ProductGrid({ products, priorityCount = 0 }: ProductGridProps) {
  return (
    <ul className={styles.grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
