import { Hono } from "hono";
import type { Catalog } from "#catalog/catalog.ts";
import { canonicalCategory } from "#catalog/categories.ts";
import {
  type CategoryPage,
  type HomeContent,
  langQuerySchema,
  productIdParamSchema,
  productListQuerySchema,
  searchQuerySchema,
} from "#shared/api/catalog-contract.ts";
import { apiError, validate } from "../http/validate.ts";
import type { StockLevels } from "../stock/stock-repository.ts";
import { featuredProducts, giftsByAge, listSorted, paginate, relatedProducts } from "./catalog-queries.ts";
import { toProductCard, toProductDetail } from "./product-views.ts";

/**
 * The storefront's catalogue answers. `stockFor` is what they show of stock: the database's rows,
 * or the process's stock view kept by the database's announcements (decision 058).
 */
export function catalogRoutes(
  catalog: Catalog,
  stockFor: (productIds: readonly number[]) => Promise<StockLevels>,
) {
  return new Hono()
    .get("/home", validate("query", langQuerySchema), async (c) => {
      const { lang } = c.req.valid("query");
      const featured = featuredProducts(catalog);
      const gifts = giftsByAge(catalog);
      const stock = await stockFor(
        [...featured, ...gifts.flatMap((group) => group.products)].map((p) => p.id),
      );
      const body: HomeContent = {
        featured: featured.map((p) => toProductCard(p, lang, stock)),
        giftsByAge: gifts.map(({ age, products }) => ({
          age,
          products: products.map((p) => toProductCard(p, lang, stock)),
        })),
      };
      return c.json(body);
    })
    .get("/products", validate("query", productListQuerySchema), async (c) => {
      const { lang, category, sort, page } = c.req.valid("query");
      const products = listSorted(catalog, category, sort, lang);
      return c.json(await paginate(products, page, lang, stockFor));
    })
    .get(
      "/products/:id",
      validate("param", productIdParamSchema),
      validate("query", langQuerySchema),
      async (c) => {
        const { id } = c.req.valid("param");
        const { lang } = c.req.valid("query");
        const product = catalog.getProduct(id);
        if (!product) return c.json(apiError("product-not-found", `No product ${id}`), 404);
        const related = relatedProducts(catalog, product);
        const stock = await stockFor([product.id, ...related.map((p) => p.id)]);
        return c.json(toProductDetail(product, lang, stock, related));
      },
    )
    .get("/categories/:name", validate("query", productListQuerySchema), async (c) => {
      const { lang, sort, page } = c.req.valid("query");
      const name = canonicalCategory(c.req.param("name"));
      const detail = name && catalog.getCategoryDetail(name);
      if (!name || !detail) return c.json(apiError("category-not-found", "Unknown category"), 404);
      const products = listSorted(catalog, name, sort, lang);
      const body: CategoryPage = {
        ...(await paginate(products, page, lang, stockFor)),
        category: {
          name,
          description: lang === "pt" ? detail.pt.TextoDescripcion : detail.TextoDescripcion,
          image: detail.Imagen,
        },
      };
      return c.json(body);
    })
    .get("/search", validate("query", searchQuerySchema), async (c) => {
      const { lang, q, page } = c.req.valid("query");
      return c.json(await paginate(catalog.search(q), page, lang, stockFor));
    });
}
