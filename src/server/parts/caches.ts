import type { LiveCatalog } from "../catalog/live-catalog.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import type { Logger } from "../logger.ts";
import { createPageCache, type PageCache } from "../ssr/page-cache.ts";
import { createShopperCache, type ShopperCache } from "../ssr/shopper-cache.ts";
import { watchStockChanges } from "../stock/stock-changes.ts";
import { readStock } from "../stock/stock-repository.ts";
import { createStockView, type StockView } from "../stock/stock-view.ts";

export type PageCaches = {
  pageCache?: PageCache;
  shopperCache?: ShopperCache;
  stockView: StockView;
  stop(): Promise<void>;
};

/**
 * Visitors' pages kept rendered until the stock of a product they show changes, here or in any
 * other process on the database (decision 018), and signed-in shoppers' own parts of them, kept
 * until their cart, wish list or the stock in them changes (decision 020). PAGE_CACHE=off keeps
 * none. The stock the catalogue's answers show is kept the same way (decision 058), always. Its
 * stop ends the watches.
 */
export async function startPageCaches(deps: {
  env: Env;
  database: DatabaseHandle;
  catalog: LiveCatalog;
  hub: ChangeHub;
  /** The headers every answer carries, kept in each page's head (`http/answer-policy.ts`). */
  headers: Readonly<Record<string, string>>;
  logger: Logger;
}): Promise<PageCaches> {
  const stockView = createStockView((productIds) => readStock(deps.database.db, productIds));
  const pages =
    deps.env.PAGE_CACHE === "on"
      ? {
          pageCache: createPageCache({
            commonHeaders: deps.headers,
            maxBytes: deps.env.PAGE_CACHE_MAX_MB * 1024 * 1024,
          }),
          shopperCache: createShopperCache(),
        }
      : undefined;
  const stockWatch = await watchStockChanges(
    deps.database,
    {
      onChange: (productId) => {
        stockView.invalidate(productId);
        pages?.pageCache.invalidateProducts([productId]);
        pages?.shopperCache.invalidateProducts([productId]);
      },
      onMissed: () => {
        stockView.clear();
        pages?.pageCache.clear();
        pages?.shopperCache.clear();
      },
    },
    deps.logger,
  );
  if (!pages) return { stockView, stop: () => stockWatch.close() };
  const { pageCache, shopperCache } = pages;
  // A catalogue change may move any product into or out of any list, and change what any page
  // shows of it: every kept page goes (decision 053). Changes are an operator's, so rare.
  const stopCatalogWatch = deps.catalog.onChange(() => {
    pageCache.clear();
    shopperCache.clear();
  });
  // A shopper's parts show their cart and wish list: any change of either drops them.
  const stopShopperWatch = deps.hub.watch({
    onChange: ({ userId, document }) => {
      if (document === "cart" || document === "wishlist") shopperCache.dropUser(userId);
    },
    onMissed: () => shopperCache.clear(),
  });
  return {
    pageCache,
    shopperCache,
    stockView,
    stop: async () => {
      await stockWatch.close();
      stopShopperWatch();
      stopCatalogWatch();
    },
  };
}
