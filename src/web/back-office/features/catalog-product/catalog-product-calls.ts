import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import {
  type CatalogProduct,
  catalogProductParamSchema,
  type ProductEdit,
  STALE_VERSION,
} from "#shared/api/back-office-catalog-contract.ts";
import { type Fetcher, fetcherOf } from "#web/lib/query-client.ts";
import { staffApiError } from "../../api/staff-api-error.ts";
import { browserFetch } from "../../api/staff-calls.ts";
import { CATALOG_API, catalogKey } from "../catalog/catalog-calls.ts";

/**
 * A product as the API answers it: the shape of `CatalogProduct`, its texts and labels taken as
 * they are. What the edit schema asks of them (a name in both languages, a picture of the shop's
 * own) is asked of what staff save, not of what an import left: such a product still opens, and
 * its form says what to fix.
 */
const textsAnswerSchema = z.object({
  texto: z.string(),
  descripcion: z.string(),
  detalles: z.string(),
  informacion: z.string(),
});
const productAnswerSchema = z.object({
  id: z.number().int(),
  published: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
  fields: z.object({
    codigo: z.string(),
    priceCents: z.number().int(),
    es: textsAnswerSchema,
    pt: textsAnswerSchema,
    categoria: z.string(),
    subcategoria: z.string(),
    subcategoria2: z.string(),
    subcategoria4: z.string(),
    edades: z.string(),
    edades2: z.string(),
    edadesCio: z.string(),
    edadesoo: z.string(),
    adulto: z.string(),
    imagen: z.string(),
    otrasImagenes: z.array(z.string()),
  }),
}) satisfies z.ZodType<CatalogProduct>;

/** The 409 of a change on a version someone else already changed: the product as it is now. */
const staleAnswerSchema = z.object({
  error: z.object({ code: z.literal(STALE_VERSION) }),
  product: productAnswerSchema,
});

const pathOf = (id: number) => `${CATALOG_API}/${id}`;
const json = { accept: "application/json" };

/** A product's page, or none at that address (a wrong id). */
export type CatalogProductAnswer = { kind: "found"; product: CatalogProduct } | { kind: "missing" };

export const catalogProductKey = (id: string) => [...catalogKey, "product", id] as const;

export const catalogProductQuery = (id: string) =>
  queryOptions({
    queryKey: catalogProductKey(id),
    queryFn: async ({ client }): Promise<CatalogProductAnswer> => {
      const param = catalogProductParamSchema.safeParse({ id });
      if (!param.success) return { kind: "missing" };
      return fetchProduct(fetcherOf(client), param.data.id);
    },
    staleTime: 10_000,
  });

async function fetchProduct(fetcher: Fetcher, id: number): Promise<CatalogProductAnswer> {
  const response = await fetcher(pathOf(id), { headers: json });
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 404 || response.status === 400) return { kind: "missing" };
  if (!response.ok) throw staffApiError(response, answer);
  return { kind: "found", product: productAnswerSchema.parse(answer) };
}

/**
 * What a change came to: the product as it now is, or refused because someone else changed it
 * since it was read (`current`: as it is now). Any other refusal is thrown, a `StaffApiError`.
 */
export type ProductChangeOutcome =
  | { kind: "saved"; product: CatalogProduct }
  | { kind: "stale"; current: CatalogProduct };

async function change(path: string, payload: unknown): Promise<ProductChangeOutcome> {
  const response = await browserFetch(path, {
    method: "POST",
    body: JSON.stringify(payload),
    headers: { ...json, "content-type": "application/json" },
  });
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 409) {
    const stale = staleAnswerSchema.safeParse(answer);
    if (stale.success) return { kind: "stale", current: stale.data.product };
  }
  if (!response.ok) throw staffApiError(response, answer);
  return { kind: "saved", product: productAnswerSchema.parse(answer) };
}

/** Saves the product's fields whole, on the version they were read at. */
export const saveProduct = (id: number, edit: ProductEdit) => change(pathOf(id), edit);

/** Shows it in the shop again, or hides it (its page answers 404; orders keep it). */
export const setPublished = (id: number, published: boolean, version: number) =>
  change(`${pathOf(id)}/${published ? "publish" : "hide"}`, { version });
