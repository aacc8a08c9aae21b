import type { SessionUser } from "./api/account-contract.ts";
import type { Lang } from "./lang.ts";

/** What the server tells the page renderer (src/web/entry-server.tsx), built separately by Vite. */
export type PageAssets = { entry: string; styles: string[]; preloads: string[] };

export type RenderOptions = {
  request: Request;
  lang: Lang;
  origin: string;
  /** The signed-in shopper, known to the server from the session cookie. */
  user: SessionUser | null;
  /** Script and style files for the pages that matched, from the build manifest. */
  assetsFor: (pages: string[]) => PageAssets;
};

export type Renderer = { renderPage(options: RenderOptions): Promise<Response> };

export type RendererModule = {
  createRenderer(apiFetch: (request: Request) => Promise<Response>): Renderer;
};
