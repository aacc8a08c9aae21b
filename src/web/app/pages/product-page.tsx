import { useNavigate, useParams } from "react-router";
import { paths } from "#shared/paths.ts";
import { productQuery } from "#web/features/catalog/api/get-product.ts";
import { ProductView } from "#web/features/catalog/components/product-view.tsx";
import { PurchaseButtons } from "#web/features/catalog/components/purchase-buttons.tsx";
import { NotFoundPage } from "#web/ui/not-found-page.tsx";
import { notFound, ok, type PageModule } from "../page-module.ts";

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
  const navigate = useNavigate();
  if (id === undefined) return <NotFoundPage kind="product" />;
  // Signed-out shoppers are asked to sign in; the cart and wish list arrive with accounts (#3).
  const toLogin = () => void navigate(paths.login());
  return (
    <ProductView
      id={id}
      renderActions={({ product }) => (
        <PurchaseButtons soldOut={product.stock <= 0} onAddToCart={toLogin} onToggleWish={toLogin} />
      )}
    />
  );
}
