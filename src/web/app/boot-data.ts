import type { DehydratedState } from "@tanstack/react-query";
import type { SessionUser } from "#shared/api/account-contract.ts";
import type { PageFormOutcome } from "#shared/api/page-form-contract.ts";
import type { Lang } from "#shared/lang.ts";
import type { SiteInfo } from "#shared/ssr-contract.ts";

/**
 * What the server hands the browser for hydration, in <script id="boot" type="application/json">:
 * the same for every shopper on a page every shopper shares (decision 020). The interface texts are
 * not in it: they come with the scripts, as the page's language's own module (issue 13).
 */
export type BootData = {
  lang: Lang;
  site: SiteInfo;
  /** The page's own data, nobody's in particular. */
  queryState: DehydratedState;
  formOutcome: PageFormOutcome | null;
};

/** The signed-in shopper's part, in <script id="boot-user" type="application/json">. */
export type ShopperBoot = {
  user: SessionUser | null;
  /** Their own data (queries marked `perUserMeta`): cart, wish list, orders… */
  queryState: DehydratedState;
};

export const BOOT_ELEMENT_ID = "boot";
export const SHOPPER_BOOT_ELEMENT_ID = "boot-user";

/** JSON that is safe inside a <script> element. */
export function serializeBootData(data: BootData | ShopperBoot): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/**
 * The server's query data without the moment it was fetched or dehydrated: a page is the same
 * bytes however long it is kept (the server drops a cached page as soon as what it shows changes).
 */
export function timelessQueryState(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: 0,
      state: { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 },
    })),
  };
}

/** In the browser: the boot data is as fresh as the page that carried it, so it counts from now. */
export function stampQueryState(state: DehydratedState, now: number): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: now,
      state: {
        ...query.state,
        dataUpdatedAt: query.state.dataUpdatedAt === 0 ? now : query.state.dataUpdatedAt,
      },
    })),
  };
}
