import type { ReactNode } from "react";
import { brand } from "#shared/brand.ts";
import { type Lang, localeOf } from "#shared/lang.ts";
import { SCRIPT_LOADER_ID, SCRIPT_LOADER_SOURCE } from "#shared/script-loader.ts";
import type { PageAssets } from "#shared/ssr-contract.ts";
import { BOOT_ELEMENT_ID, SHOPPER_BOOT_ELEMENT_ID } from "./boot-data.ts";

type DocumentProps = {
  lang: Lang;
  assets: PageAssets;
  bootJson: string;
  /** The shopper's boot data, or the hole it goes in on a shared page (decision 020). */
  shopperBootJson: string;
  children: ReactNode;
};

/**
 * The HTML around the app; only #root is hydrated. The page's scripts are asked for by the inline
 * loader once the page has painted, or at the first tap or key (issue 13).
 */
export function Document({ lang, assets, bootJson, shopperBootJson, children }: DocumentProps) {
  return (
    <html lang={localeOf[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brand.colors.primary} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, allowed by its hash (server/http/content-security.ts).
          dangerouslySetInnerHTML={{ __html: assets.inlineStyle }}
        />
      </head>
      <body>
        <div id="root">{children}</div>
        <script
          id={BOOT_ELEMENT_ID}
          type="application/json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-made JSON, "<" escaped by serializeBootData.
          dangerouslySetInnerHTML={{ __html: bootJson }}
        />
        <script
          id={SHOPPER_BOOT_ELEMENT_ID}
          type="application/json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-made JSON, "<" escaped by serializeBootData.
          dangerouslySetInnerHTML={{ __html: shopperBootJson }}
        />
        <script
          id={SCRIPT_LOADER_ID}
          data-entry={assets.entry}
          data-preload={assets.preloads.join(" ")}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the one inline script, fixed text allowed by its hash (shared/script-loader.ts).
          dangerouslySetInnerHTML={{ __html: SCRIPT_LOADER_SOURCE }}
        />
      </body>
    </html>
  );
}
