import { formatPrice } from "#shared/money.ts";
import { useLang } from "#web/lib/i18n/i18n.tsx";

/** An amount of integer cents as the shop writes it ("12,95 €"): every price a page shows. */
export function Price({ cents, className }: { cents: number; className?: string }) {
  const lang = useLang();
  return <span className={className}>{formatPrice(cents, lang)}</span>;
}
