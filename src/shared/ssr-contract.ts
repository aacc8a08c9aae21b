import type { SessionUser } from "./api/account-contract.ts";
import type { PageFormOutcome } from "./api/page-form-contract.ts";
import type { Lang } from "./lang.ts";

/** What the server tells the page renderer (src/web/entry-server.tsx), built separately by Vite. */
export type PageAssets = { entry: string; styles: string[]; preloads: string[] };

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
  /** Script and style files for the pages that matched, from the build manifest. */
  assetsFor: (pages: string[]) => PageAssets;
};

/** A rendered page, and the products it shows (their stock or data changing makes it stale). */
export type RenderedPage = { response: Response; productIds: number[] };

export type Renderer = { renderPage(options: RenderOptions): Promise<RenderedPage> };

export type RendererModule = {
  createRenderer(apiFetch: (request: Request) => Promise<Response>): Renderer;
};
