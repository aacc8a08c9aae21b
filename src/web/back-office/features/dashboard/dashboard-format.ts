import { formatPrice } from "#shared/money.ts";

/** Spanish short months, written out so that the server and the browser draw the same text. */
const MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
const WEEKDAYS = ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"];

/** "2026-11-27" (a day on the shop's clock) as "27 nov". */
export function shortDay(day: string): string {
  const [, month = "1", date = "1"] = day.split("-");
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? ""}`;
}

/** "2026-11-27" as "vie 27 nov", for the table of days. */
export function longDay(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return `${WEEKDAYS[weekday] ?? ""} ${shortDay(day)}`;
}

/** An amount of cents in euros, the shop's way ("1.234,50 €"); a basket without orders is "—". */
export const euros = (cents: number | null): string => (cents === null ? "—" : formatPrice(cents, "es"));
