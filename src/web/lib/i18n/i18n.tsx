import { createContext, type ReactNode, use, useContext, useMemo, useSyncExternalStore } from "react";
import type { Lang } from "#shared/lang.ts";
import type { TextPart } from "#shared/text-parts.ts";
import { type I18nState, type I18nStore, switchLanguage, textPartLoad } from "./i18n-store.ts";
import { createTranslate, type Translate } from "./translate.ts";

/** Our own small i18n layer (docs/decisions/005-own-i18n-layer.md). */
const I18nContext = createContext<I18nStore | null>(null);

export function I18nProvider({ store, children }: { store: I18nStore; children: ReactNode }) {
  return <I18nContext value={store}>{children}</I18nContext>;
}

function useI18nStore(): I18nStore {
  const store = useContext(I18nContext);
  if (!store) throw new Error("useTranslation needs an I18nProvider");
  return store;
}

/**
 * A value of the texts' store. The current state serves hydration too, not the store's first one
 * (zustand's `useStore`): a part loaded after the page, as the footer's is (it hydrates when it
 * nears the viewport), must hydrate with its texts, as the server drew it.
 */
function useI18nState<T>(store: I18nStore, select: (state: I18nState) => T): T {
  const read = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}

export function useLang(): Lang {
  return useI18nState(useI18nStore(), (state) => state.lang);
}

export function useTranslation(): { t: Translate; lang: Lang } {
  const store = useI18nStore();
  const lang = useI18nState(store, (state) => state.lang);
  const messages = useI18nState(store, (state) => state.messages[state.lang]);
  const t = useMemo(() => createTranslate(lang, messages ?? {}), [lang, messages]);
  return { t, lang };
}

export function useSwitchLanguage(): (lang: Lang) => Promise<void> {
  const store = useI18nStore();
  return (lang) => switchLanguage(store, lang);
}

/** Suspends until the texts hold `parts` (shared/text-parts.ts): a page's own texts, loaded with it. */
export function useTextParts(parts: readonly TextPart[]): void {
  const store = useI18nStore();
  for (const part of parts) {
    const load = textPartLoad(store, part);
    if (load) use(load);
  }
}
