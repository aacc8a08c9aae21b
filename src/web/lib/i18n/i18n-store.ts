import { createStore, type StoreApi } from "zustand/vanilla";
import { LANG_COOKIE, type Lang, localeOf } from "#shared/lang.ts";
import type { Messages } from "./translate.ts";

export type I18nState = { lang: Lang; messages: Partial<Record<Lang, Messages>> };
export type I18nStore = StoreApi<I18nState>;

/** One store per app: per request on the server, one in the browser. */
export function createI18nStore(lang: Lang, messages: Messages): I18nStore {
  return createStore<I18nState>(() => ({ lang, messages: { [lang]: messages } }));
}

/** Loads one language's interface texts as its own chunk. */
export async function loadMessages(lang: Lang): Promise<Messages> {
  const module = lang === "pt" ? await import("./locales/pt.json") : await import("./locales/es.json");
  return module.default;
}

/** Switches every text and <html lang>, and remembers the choice in a cookie. */
export async function switchLanguage(store: I18nStore, lang: Lang): Promise<void> {
  if (!store.getState().messages[lang]) {
    const messages = await loadMessages(lang);
    store.setState((state) => ({ messages: { ...state.messages, [lang]: messages } }));
  }
  store.setState({ lang });
  document.documentElement.lang = localeOf[lang];
  // The Cookie Store API is still missing in some browsers our shoppers use.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}
