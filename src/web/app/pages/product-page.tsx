import type { LoaderFunctionArgs } from "react-router";
import { useNavigate, useParams } from "react-router";
import { paths } from "#shared/paths.ts";
import { productQuery } from "#web/features/catalog/api/get-product.ts";
import { ProductView } from "#web/features/catalog/components/product-view.tsx";
import { PurchaseButtons } from "#web/features/catalog/components/purchase-buttons.tsx";
import { notFound } from "../not-found.ts";
import type { RouteContext } from "../route-context.ts";

function parseProductId(value: string | undefined): number | undefined {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}

export const createLoader =
  ({ queryClient, getLang }: RouteContext) =>
  async ({ params }: LoaderFunctionArgs) => {
    const id = parseProductId(params.producto);
    if (id === undefined || !(await queryClient.ensureQueryData(productQuery(id, getLang())))) {
      notFound("product");
    }
    return null;
  };

export function Component() {
  const id = parseProductId(useParams().producto) ?? 0;
  const navigate = useNavigate();
  // Signed-out shoppers are asked to sign in; the cart and wish list arrive with accounts.
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
