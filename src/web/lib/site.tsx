import { createContext, type ReactNode, useContext } from "react";
import type { SiteInfo } from "#shared/ssr-contract.ts";

export type Site = SiteInfo;

const SiteContext = createContext<Site>({ origin: "", originFixed: false, testMode: false });

export function SiteProvider({ site, children }: { site: Site; children: ReactNode }) {
  return <SiteContext value={site}>{children}</SiteContext>;
}

export function useSite(): Site {
  return useContext(SiteContext);
}
