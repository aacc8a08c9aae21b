import { defaultLang, type Lang } from "#shared/lang.ts";
import { paths } from "#shared/paths.ts";

/**
 * Where the provider sends the shopper back after 3-D Secure or their bank's app: this order's
 * page, in their language (the return is a fresh page load). Browser only.
 */
export function paymentReturnUrl(orderId: string, lang: Lang): string {
  const url = new URL(paths.checkoutEnd(), window.location.origin);
  url.searchParams.set("pedido", orderId);
  if (lang !== defaultLang) url.searchParams.set("lang", lang);
  return url.href;
}
