import type { SessionUser } from "./api/account-contract.ts";
import type { PageFormOutcome } from "./api/page-form-contract.ts";
import type { Lang } from "./lang.ts";
import type { PageCaching } from "./paths.ts";
import type { HoleId } from "./personal-holes.ts";
import type { TextPart } from "./text-parts.ts";

/** What the server tells the page renderer (src/web/entry-server.tsx), built separately by Vite. */
export type PageAssets = {
  entry: string;
  /** The whole stylesheet, inlined in the head (allowed by its hash in the CSP). */
  inlineStyle: string;
  preloads: string[];
};

/** Where the shop lives, as the page needs to know it. */
export type SiteInfo = {
  /** Public origin for canonical and hreflang URLs, e.g. https://tienda.example */
  origin: string;
  /** PUBLIC_URL fixes the origin: a page opened at another address cannot sign in or write. */
  originFixed: boolean;
  /** The built-in test cards take the payments: nothing is charged, and every page says so. */
  testMode: boolean;
};

export type RenderOptions = {
  request: Request;
  lang: Lang;
  site: SiteInfo;
  /** The signed-in shopper, known to the server from the session cookie. */
  user: SessionUser | null;
  /** A form posted to this page without the script, and what became of it. */
  formOutcome?: PageFormOutcome | null;
  /** Script and style files for the pages that matched and their texts, from the build manifest. */
  assetsFor: (pages: string[], lang: Lang, texts: readonly TextPart[]) => PageAssets;
  /**
   * Draws the page as every shopper shares it, each one's own parts left as marked holes
   * (shared/personal-holes.ts, decision 020); `user` is then ignored.
   */
  asTemplate?: boolean;
};

/** A rendered page, and the products it shows (their stock or data changing makes it stale). */
export type RenderedPage = {
  response: Response;
  productIds: number[];
  /** The page is the same for every shopper but for its holes (a catalogue page). */
  shared: boolean;
};

export type ShopperOptions = {
  /** The page request, for its cookies. */
  request: Request;
  lang: Lang;
  site: SiteInfo;
  user: SessionUser | null;
};

/** One shopper's own parts of the shared pages, in one language. */
export type ShopperParts = {
  /** The products in their cart and wish list: a change to their stock makes these stale. */
  productIds: number[];
  /** False when some of their data could not be read: good for one page, not for keeping. */
  complete: boolean;
  /** Each hole's HTML for them, in the order asked. */
  drawHoles(ids: readonly HoleId[]): string[];
};

/** The route a path matched, as the renderer matches it (decision 035). */
export type PageRoute = {
  /** As declared, e.g. "/detalle/:producto": its fixed segments are the canonical spelling. */
  pattern: string;
  /** The path's parameters, decoded. */
  params: Readonly<Record<string, string | undefined>>;
  caching: PageCaching;
};

export type Renderer = {
  renderPage(options: RenderOptions): Promise<RenderedPage>;
  shopperParts(options: ShopperOptions): Promise<ShopperParts>;
  /** The route `renderPage` draws for this path; undefined for a path the shop does not know. */
  pageRoute(pathname: string): PageRoute | undefined;
};

export type RendererModule = {
  createRenderer(apiFetch: (request: Request) => Promise<Response>): Renderer;
};
