import { holeIds } from "#shared/personal-holes.ts";
import { productQuery } from "#web/features/catalog/api/get-product.ts";
import { ProductView } from "#web/features/catalog/components/product-view.tsx";
import { PurchaseButtons } from "#web/features/catalog/components/purchase-buttons.tsx";
import { useParams } from "#web/lib/routing.tsx";
import { NotFoundPage } from "#web/ui/not-found-page.tsx";
import { notFound, ok, type PageModule } from "../page-module.ts";
import { PersonalHole } from "../personal-hole.tsx";
import { useShopperActions } from "../use-shopper-actions.ts";

function parseProductId(value: string | undefined): number | undefined {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}

export const prefetch: PageModule["prefetch"] = async ({ queryClient, lang, params }) => {
  const id = parseProductId(params.producto);
  if (id === undefined) return notFound;
  return (await queryClient.ensureQueryData(productQuery(id, lang))) ? ok : notFound;
};

export function Component() {
  const id = parseProductId(useParams().producto);
  const { addToCart } = useShopperActions();
  if (id === undefined) return <NotFoundPage kind="product" />;
  return (
    <ProductView
      id={id}
      renderActions={({ product, quantity }) => (
        <PurchaseButtons
          soldOut={product.stock <= 0}
          onAddToCart={() => addToCart(product.id, quantity)}
          wish={<PersonalHole id={holeIds.wish(product.id)} />}
        />
      )}
    />
  );
}
