import { type CatalogueRecord, PRICE_MAX, PRICE_MIN } from "../product-schema.ts";
import { type Note, warning } from "./raw-record.ts";

/** Spec §3: codes such as A0001; "a few are irregular", and they are kept as they are. */
const regularCode = /^A\d{4}$/;

/** The texts a product should have, and what their absence means in the shop. */
const emptyFieldMessages = [
  ["codigo", "missing; kept empty (search by code will not find it)."],
  ["imagen", "missing; the product shows the neutral placeholder."],
  ["descripcion", "missing; the product page shows no description."],
  ["detalles", "missing; the product page shows no details."],
  ["categoria", "missing; the product is in no category (search still finds it)."],
] as const satisfies ReadonlyArray<readonly [keyof CatalogueRecord, string]>;

/**
 * Why a picture URL will not show, or undefined when it can: the shop's pages load pictures from
 * https:// addresses and its own /media/ folder only (CSP img-src), and show the placeholder
 * for any other.
 */
export function pictureProblem(url: string): string | undefined {
  if (url === "" || /^(?:https:\/\/|\/media\/|data:image\/)/i.test(url)) return undefined;
  if (/^http:\/\//i.test(url)) return "is not https; the shop's pages block it and show the placeholder.";
  return "is neither an https:// address nor a /media/ path; the product shows the placeholder.";
}

function pictureWarnings(product: CatalogueRecord): Note[] {
  const pictures: [string, string][] = [["imagen", product.imagen]];
  for (const set of product.otrasImagenes) {
    pictures.push(["imagen1", set.imagen1], ["imagen2", set.imagen2], ["imagen3", set.imagen3]);
  }
  return pictures.flatMap(([field, url]) => {
    const problem = pictureProblem(url);
    return problem === undefined ? [] : [warning(field, `${JSON.stringify(url)} ${problem}`)];
  });
}

/** Values kept as they are but worth the shop owner's look (decision 030). */
export function productWarnings(product: CatalogueRecord): Note[] {
  const notes = emptyFieldMessages.flatMap(([field, message]) =>
    product[field] === "" ? [warning(field, message)] : [],
  );
  if (product.codigo !== "" && !regularCode.test(product.codigo)) {
    notes.push(warning("codigo", `${JSON.stringify(product.codigo)} is irregular; kept as is.`));
  }
  if (product.precio < PRICE_MIN || product.precio > PRICE_MAX) {
    const range = `${PRICE_MIN.toFixed(2)}–${PRICE_MAX.toFixed(2)} €`;
    notes.push(warning("precio", `${product.precio} € is outside the spec's range ${range}; kept as is.`));
  }
  return [...notes, ...pictureWarnings(product)];
}
