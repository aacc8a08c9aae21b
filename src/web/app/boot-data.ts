import type { DehydratedState } from "@tanstack/react-query";
import type { SessionUser } from "#shared/api/account-contract.ts";
import type { PageFormOutcome } from "#shared/api/page-form-contract.ts";
import type { Lang } from "#shared/lang.ts";
import type { SiteInfo } from "#shared/ssr-contract.ts";
import type { Messages } from "#web/lib/i18n/translate.ts";

/** What the server hands the browser for hydration, in <script id="boot" type="application/json">. */
export type BootData = {
  lang: Lang;
  site: SiteInfo;
  messages: Messages;
  queryState: DehydratedState;
  user: SessionUser | null;
  formOutcome: PageFormOutcome | null;
};

export const BOOT_ELEMENT_ID = "boot";

/** JSON that is safe inside a <script> element. */
export function serializeBootData(data: BootData): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
