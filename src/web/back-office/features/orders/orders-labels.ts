import type { StaffOrderRow } from "#shared/api/back-office-contract.ts";
import type { OrderStatus } from "#shared/api/order-contract.ts";
import type { PaymentMethodKind } from "#shared/api/payment-contract.ts";
import type { ShippingZone } from "#shared/checkout/zones.ts";
import { SHOP_TIME_ZONE } from "#shared/dates.ts";
import shopper from "#web/lib/i18n/locales/es.shopper.json";

/** The statuses and ways to pay as the shop names them to its Spanish shoppers (one wording). */
export const statusLabels: Readonly<Record<OrderStatus, string>> = shopper.orders.status;
export const methodLabels: Readonly<Record<PaymentMethodKind, string>> = shopper.checkout.pay.methods;

/** Where a parcel goes, short: the shop's own zone texts are a shipping rate's ("Envío a …"). */
export const zoneLabels: Readonly<Record<ShippingZone, string>> = {
  "es-peninsula": "Península",
  "es-balearic": "Baleares",
  "es-canary": "Canarias",
  "es-ceuta-melilla": "Ceuta y Melilla",
  "pt-mainland": "Portugal continental",
  "pt-madeira": "Madeira",
  "pt-azores": "Azores",
};

const placedFormat = new Intl.DateTimeFormat("es-ES", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SHOP_TIME_ZONE,
});

/** "27/11/2026, 11:39": when an order was placed, on the shop's clock (Madrid), wherever it is read. */
export const formatPlacedAt = (iso: string) => placedFormat.format(new Date(iso));

/** "Lisboa (Portugal continental)": the city and the zone its rate and VAT come from. */
export const destinationText = ({ destination }: StaffOrderRow) =>
  `${destination.city} (${zoneLabels[destination.zone]})`;
