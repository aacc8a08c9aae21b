import { hydrate } from "@tanstack/react-query";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { AppRoutes, preloadPageFor } from "./app/app-routes.tsx";
import {
  BOOT_ELEMENT_ID,
  type BootData,
  SHOPPER_BOOT_ELEMENT_ID,
  type ShopperBoot,
  stampQueryState,
} from "./app/boot-data.ts";
import { AppProviders } from "./app/providers.tsx";
import { matchPage, textPartsOf } from "./app/route-table.ts";
import { createCheckouts } from "./features/checkout/checkout-store.ts";
import { createI18nStore, loadMessages } from "./lib/i18n/i18n-store.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { createSessionStore } from "./lib/session/session-store.ts";
import "./ui/global.css";

const readBoot = (id: string): unknown => JSON.parse(document.getElementById(id)?.textContent ?? "{}");
const boot = readBoot(BOOT_ELEMENT_ID) as BootData;
const shopper = readBoot(SHOPPER_BOOT_ELEMENT_ID) as ShopperBoot;
const queryClient = createQueryClient();
const now = Date.now();
hydrate(queryClient, stampQueryState(boot.queryState, now));
hydrate(queryClient, stampQueryState(shopper.queryState, now));
const root = document.getElementById("root");
if (!root) throw new Error("No #root element");

// The loader asked for the page's module and texts with this one (modulepreload); hydrating once
// they are here keeps the whole page in one pass, so nothing can change between the server's HTML
// and hydration.
const textParts = textPartsOf(matchPage(window.location.pathname)?.page);
const [messages] = await Promise.all([
  loadMessages(boot.lang, textParts),
  preloadPageFor(window.location.pathname),
]);
const session = createSessionStore(shopper.user);
// As a transition, hydration yields to the browser every few milliseconds instead of holding the
// main thread for the whole page (issue 13: no task over 50 ms); a tap meanwhile hydrates its
// part first.
startTransition(() => {
  hydrateRoot(
    root,
    <AppProviders
      queryClient={queryClient}
      i18n={createI18nStore(boot.lang, messages, textParts)}
      session={session}
      checkouts={createCheckouts(session)}
      site={boot.site}
      formOutcome={boot.formOutcome}
    >
      <AppRoutes />
    </AppProviders>,
    { onRecoverableError: (error) => console.warn("Recovered during hydration:", error) },
  );
});
