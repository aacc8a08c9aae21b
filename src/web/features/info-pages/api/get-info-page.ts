import { queryOptions } from "@tanstack/react-query";
import type { Lang } from "#shared/lang.ts";
import type { InfoPage, InfoPageSlug } from "../info-page-schema.ts";

// Each page and language is its own chunk: a visitor downloads only the text they read.
const contentModules = import.meta.glob<{ default: InfoPage }>("../content/*/*.json");

export const infoPageQuery = (slug: InfoPageSlug, lang: Lang) =>
  queryOptions({
    queryKey: ["info-page", slug, lang],
    queryFn: async () => {
      const load = contentModules[`../content/${lang}/${slug}.json`];
      if (!load) throw new Error(`No content for ${lang}/${slug}`);
      return (await load()).default;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
