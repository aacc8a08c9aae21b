// The CommonJS build: its files resolve in Node and in Vite alike (the ESM build omits extensions).
import { validate as validateSpanishNif } from "stdnum/lib/cjs/es/nif.js";
import { validate as validatePortugueseNif } from "stdnum/lib/cjs/pt/nif.js";

/** A Spanish NIF (DNI, NIE or company CIF) or a Portuguese NIF/NIPC, as printed on an invoice. */
export function isValidTaxId(value: string): boolean {
  const compact = value.replace(/[\s.-]/g, "").toUpperCase();
  if (compact.startsWith("PT")) return validatePortugueseNif(compact.slice(2)).isValid;
  if (/^\d{9}$/.test(compact) && validatePortugueseNif(compact).isValid) return true;
  return validateSpanishNif(compact).isValid;
}
