import type { OrderStatus } from "#shared/api/order-contract.ts";
import { formatShopDate } from "#shared/dates.ts";
import shopper from "#web/lib/i18n/locales/es.shopper.json";

/** The statuses as the shop names them to its Spanish shoppers (one wording). */
export const statusLabels: Readonly<Record<OrderStatus, string>> = shopper.orders.status;

const methodNames: Readonly<Record<string, string>> = {
  credential: "Contraseña",
  google: "Google",
  apple: "Apple",
  passkey: "Llave de acceso",
};

/** "Contraseña, Google": how the account signs in. */
export const signInMethodsText = (methods: readonly string[]) =>
  methods.length === 0 ? "Ninguno" : methods.map((method) => methodNames[method] ?? method).join(", ");

/** The audit's actions as staff read them. */
const actionNames: Readonly<Record<string, string>> = {
  "customer.export": "Descargó sus datos (JSON)",
  "customer.erase": "Borró la cuenta",
};
export const actionText = (action: string) => actionNames[action] ?? action;

export const dateText = (iso: string) => formatShopDate(iso, "es");
