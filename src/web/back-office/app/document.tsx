import type { ReactNode } from "react";
import type { BackOfficeAssets } from "#shared/back-office-ssr-contract.ts";
import { brand } from "#shared/brand.ts";
import { BACK_OFFICE_BOOT_ID } from "./boot.ts";

type DocumentProps = { assets: BackOfficeAssets; bootJson: string; children: ReactNode };

/**
 * The HTML around the back office; only #root is hydrated. Nothing inline runs or styles: the
 * stylesheet and the module are files of the back office's own build, allowed by the shop's CSP
 * as 'self' (decision 042), and the boot data is a data block, not a script.
 */
export function Document({ assets, bootJson, children }: DocumentProps) {
  return (
    <html lang="es-ES">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="theme-color" content={brand.colors.primary} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
        <script
          id={BACK_OFFICE_BOOT_ID}
          type="application/json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-made JSON, "<" escaped by serializeBoot.
          dangerouslySetInnerHTML={{ __html: bootJson }}
        />
        <script type="module" src={assets.entry} />
      </body>
    </html>
  );
}
