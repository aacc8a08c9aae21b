import { formatPrice } from "#shared/money.ts";
import { useLang } from "#web/lib/i18n/i18n.tsx";

export function Price({ euros, className }: { euros: number; className?: string }) {
  const lang = useLang();
  return <span className={className}>{formatPrice(euros, lang)}</span>;
}
