import { createContext, type ReactNode, useContext } from "react";

export type Site = {
  /** Public origin for canonical and hreflang URLs, e.g. https://tienda.example */
  origin: string;
};

const SiteContext = createContext<Site>({ origin: "" });

export function SiteProvider({ site, children }: { site: Site; children: ReactNode }) {
  return <SiteContext value={site}>{children}</SiteContext>;
}

export function useSite(): Site {
  return useContext(SiteContext);
}
