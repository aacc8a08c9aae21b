import { hydrate } from "@tanstack/react-query";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { createQueryClient } from "#web/lib/query-client.ts";
import { BackOfficeApp } from "./app/back-office-app.tsx";
import { BACK_OFFICE_BOOT_ID, readBoot } from "./app/boot.ts";
import "#web/ui/global.css";

// The back office's own entry (issue 30, decision 042): the storefront's bundle knows nothing of it.
const queryClient = createQueryClient();
const queryState = readBoot(document.getElementById(BACK_OFFICE_BOOT_ID)?.textContent);
if (queryState) hydrate(queryClient, queryState);
const root = document.getElementById("root");
if (!root) throw new Error("No #root element");

startTransition(() => {
  hydrateRoot(root, <BackOfficeApp queryClient={queryClient} />, {
    onRecoverableError: (error) => console.warn("Recovered during hydration:", error),
  });
});
