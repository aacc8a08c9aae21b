import { LRUCache } from "lru-cache";
import type { SessionUser } from "#shared/api/account-contract.ts";
import { type Lang, languages } from "#shared/lang.ts";
import type { HoleId } from "#shared/personal-holes.ts";
import type { ShopperParts } from "#shared/ssr-contract.ts";
import { deflatePiece, type Piece } from "./gzip-splice.ts";

/** One shopper's holes, each drawn and compressed once, whatever page asks for it. */
export type ShopperFills = { fillsFor(holes: readonly HoleId[]): Piece[] };

export type ShopperCacheStats = {
  /** Shoppers (in one language) whose parts are kept. */
  shoppers: number;
  /** Their parts read from the database and drawn. */
  builds: number;
};

export type ShopperCache = {
  /**
   * The shopper's parts of the shared pages: kept, or built once for all their concurrent requests
   * and kept unless a change reached the cache meanwhile or some of their data could not be read.
   */
  fillsOf(user: SessionUser, lang: Lang, build: () => Promise<ShopperParts>): Promise<ShopperFills>;
  /** The shopper's kept parts, if they are; never builds them. */
  peek(user: SessionUser, lang: Lang): ShopperFills | undefined;
  /** Their cart or wish list changed. */
  dropUser(userId: string): void;
  /** The stock of these products changed: the shoppers holding them see it in their cart. */
  invalidateProducts(productIds: Iterable<number>): void;
  /** Changes may have been missed. */
  clear(): void;
  stats(): ShopperCacheStats;
};

type Entry = {
  /** Who they were when drawn: a new name or e-mail draws them again. */
  userJson: string;
  parts: ShopperParts;
  productIds: ReadonlySet<number>;
  fills: Map<HoleId, Piece>;
};

/** A kept shopper is a few kilobytes (their cart and wish list, and a few drawn holes). */
export const SHOPPERS_KEPT = 2000;

export function createShopperCache({ maxShoppers = SHOPPERS_KEPT } = {}): ShopperCache {
  const entries = new LRUCache<string, Entry>({ max: maxShoppers });
  const inFlight = new Map<string, Promise<Entry>>();
  let generation = 0;
  let builds = 0;

  async function buildAndKeep(key: string, userJson: string, build: () => Promise<ShopperParts>) {
    const startedAt = generation;
    const parts = await build();
    builds += 1;
    const entry: Entry = { userJson, parts, productIds: new Set(parts.productIds), fills: new Map() };
    if (parts.complete && generation === startedAt) entries.set(key, entry);
    return entry;
  }

  return {
    peek(user, lang) {
      const kept = entries.get(`${user.id} ${lang}`);
      if (kept?.userJson !== JSON.stringify(user)) return undefined;
      return { fillsFor: (holes) => fillsFor(kept, holes) };
    },
    async fillsOf(user, lang, build) {
      const key = `${user.id} ${lang}`;
      const userJson = JSON.stringify(user);
      const kept = entries.get(key);
      const running = inFlight.get(key);
      let entry: Entry;
      if (kept?.userJson === userJson) entry = kept;
      else if (running) entry = await running;
      else {
        const started = buildAndKeep(key, userJson, build).finally(() => inFlight.delete(key));
        inFlight.set(key, started);
        entry = await started;
      }
      return { fillsFor: (holes) => fillsFor(entry, holes) };
    },
    dropUser(userId) {
      generation += 1;
      for (const lang of languages) entries.delete(`${userId} ${lang}`);
    },
    invalidateProducts(productIds) {
      generation += 1;
      const changed = [...productIds];
      for (const [key, entry] of entries.entries()) {
        if (changed.some((id) => entry.productIds.has(id))) entries.delete(key);
      }
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    stats: () => ({ shoppers: entries.size, builds }),
  };
}

function fillsFor(entry: Entry, holes: readonly HoleId[]): Piece[] {
  const missing = [...new Set(holes.filter((id) => !entry.fills.has(id)))];
  if (missing.length > 0) {
    const drawn = entry.parts.drawHoles(missing);
    missing.forEach((id, index) => {
      entry.fills.set(id, deflatePiece(Buffer.from(drawn[index] ?? ""), 6));
    });
  }
  return holes.map((id) => {
    const fill = entry.fills.get(id);
    if (!fill) throw new Error(`Hole ${id} not drawn`);
    return fill;
  });
}
