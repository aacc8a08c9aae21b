import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * What the back office's order search compares (issue 30), written once: the indexes of
 * `db/order-schema.ts` are built on these expressions and `order-search.ts` queries them, so the
 * planner matches the two. Each is IMMUTABLE (lower, translate, regexp_replace, ->>, text ||
 * text), as an index expression must be. They are compared by prefix (`like 'abc%'`) on btree
 * indexes with text_pattern_ops, which serve a prefix whatever the database's collation; a
 * "contains" would need pg_trgm, which PGlite does not have.
 */

/** Accented letters of Spanish and Portuguese names, upper and lower case, and their plain letter. */
const accents: Record<string, string> = {
  a: "áàâãä",
  e: "éèêë",
  i: "íìîï",
  o: "óòôõö",
  u: "úùûü",
  c: "ç",
  n: "ñ",
};
const accented = Object.values(accents)
  .map((letters) => letters + letters.toUpperCase())
  .join("");
const plain = Object.entries(accents)
  .map(([letter, letters]) => letter.repeat(letters.length * 2))
  .join("");

/**
 * Text folded for comparing names: lower case, accents off. Upper-case accented letters are folded
 * too, as lower() leaves them alone on a database with the C locale (PGlite).
 */
export function foldedText(text: SQL): SQL {
  return sql`translate(lower(${text}), ${sql.raw(`'${accented}'`)}, ${sql.raw(`'${plain}'`)})`;
}

/**
 * A phone's digits without its country prefix (+34, 0034, +351, 00351): Spanish numbers start
 * with 6–9 and Portuguese ones with 2 or 9 (`shared/phone.ts`), so a leading 34 or 351 is always
 * the prefix, never the number.
 */
export function phoneDigits(text: SQL): SQL {
  return sql`regexp_replace(regexp_replace(${text}, '[^0-9]', '', 'g'), '^(00)?(351|34)', '')`;
}

/** The keys of an order's row, from its buyer and address (`shop_order`'s generated columns). */
export function orderSearchKeys(order: { buyer: AnyPgColumn; address: AnyPgColumn }) {
  return {
    email: sql`lower(${order.buyer} ->> 'email')`,
    fullName: foldedText(sql`(${order.buyer} ->> 'name') || ' ' || (${order.buyer} ->> 'lastName')`),
    lastName: foldedText(sql`${order.buyer} ->> 'lastName'`),
    phone: phoneDigits(sql`${order.address} ->> 'phone'`),
  };
}
