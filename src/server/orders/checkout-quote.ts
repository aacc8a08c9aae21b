import type { Catalog } from "#catalog/catalog.ts";
import type { Product } from "#catalog/product-schema.ts";
import type { AddressForm } from "#shared/api/address-contract.ts";
import { type CouponOutcome, type CouponRefusal, evaluateCoupon } from "#shared/checkout/coupon.ts";
import { deliveryEstimate, type ShippingMethod } from "#shared/checkout/shipping.ts";
import { type OrderLineInput, type OrderTotals, orderTotals, priceLines } from "#shared/checkout/totals.ts";
import type { VatClass } from "#shared/checkout/vat.ts";
import { type ShippingZone, shippingZoneOf } from "#shared/checkout/zones.ts";
import { type CouponShopper, couponUsage, findCoupon } from "../coupons/coupon-repository.ts";
import type { Database } from "../db/client.ts";
import { type CheckoutInputs, readCheckoutInputs } from "./checkout-inputs.ts";

/** Books pay the reduced VAT rate. */
export function vatClassOf(product: Product): VatClass {
  return product.subcategoria === "Libro" ? "reduced" : "general";
}

export type QuoteInput = {
  addressId: string;
  shippingMethod: ShippingMethod;
  couponCode?: string | undefined;
};

export type Quote = {
  address: AddressForm;
  zone: ShippingZone;
  shippingMethod: ShippingMethod;
  products: Product[];
  totals: OrderTotals;
  coupon: { code: string; refusal?: CouponRefusal } | null;
  delivery: { from: string; to: string };
  /** Every line within the stock as the cart was read (no lock: a first look, not a promise). */
  inStock: boolean;
};

export type QuoteError = "cart-empty" | "address-not-found" | "product-unavailable";

/**
 * Prices the shopper's cart for an address and shipping method, from the catalogue and the
 * shop's own rules only: what the browser shows is never trusted.
 */
export async function quoteCheckout(
  db: Database,
  catalog: Catalog,
  shopper: CouponShopper,
  input: QuoteInput,
  now: Date,
): Promise<Priced> {
  return priceCheckout(
    db,
    catalog,
    shopper,
    input,
    now,
    await readCheckoutInputs(db, shopper.id, input.addressId),
  );
}

export type Priced = { ok: true; quote: Quote } | { ok: false; error: QuoteError };

/**
 * The same, from the cart and address already read (a checkout reads them with more). A coupon's
 * per-shopper rules count the shopper's user and e-mail (`CouponShopper`, issue 28).
 */
export async function priceCheckout(
  db: Database,
  catalog: Catalog,
  shopper: CouponShopper,
  input: QuoteInput,
  now: Date,
  { cart, destination }: CheckoutInputs,
): Promise<Priced> {
  if (cart.length === 0) return { ok: false, error: "cart-empty" };
  if (!destination) return { ok: false, error: "address-not-found" };
  const products = cart.map((line) => catalog.getProduct(line.productId));
  if (products.some((product) => product === undefined)) return { ok: false, error: "product-unavailable" };
  const known = products as Product[];
  const inputs: OrderLineInput[] = cart.map((line, index) => {
    const product = known[index] as Product;
    return {
      productId: product.id,
      quantity: line.quantity,
      catalogueCents: product.priceCents,
      vatClass: vatClassOf(product),
      category: product.categoria,
    };
  });
  const zone = shippingZoneOf(destination);
  const lines = priceLines(inputs, zone);
  const outcome = input.couponCode ? await checkCoupon(db, shopper, input.couponCode, lines, now) : null;
  const totals = orderTotals(lines, zone, input.shippingMethod, outcome?.ok ? outcome : undefined);
  return {
    ok: true,
    quote: {
      address: destination,
      zone,
      shippingMethod: input.shippingMethod,
      products: known,
      totals,
      coupon: input.couponCode
        ? { code: input.couponCode, ...(outcome && !outcome.ok ? { refusal: outcome.refusal } : {}) }
        : null,
      delivery: deliveryEstimate(zone, input.shippingMethod, now),
      inStock: cart.every((line) => line.quantity <= line.available),
    },
  };
}

async function checkCoupon(
  db: Database,
  shopper: CouponShopper,
  code: string,
  lines: ReturnType<typeof priceLines>,
  now: Date,
): Promise<CouponOutcome> {
  const rules = await findCoupon(db, code, shopper.id);
  if (!rules) return { ok: false, refusal: "coupon-not-found" };
  return evaluateCoupon(rules, {
    now,
    lines: lines.map((line) => ({ category: line.category, totalCents: line.totalCents })),
    ...(await couponUsage(db, code, shopper)),
  });
}
