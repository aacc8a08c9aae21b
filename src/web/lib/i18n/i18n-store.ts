import { createStore, type StoreApi } from "zustand/vanilla";
import { LANG_COOKIE, type Lang, localeOf } from "#shared/lang.ts";
import { type TextPart, textParts } from "#shared/text-parts.ts";
import type { Messages } from "./translate.ts";

export type I18nState = {
  lang: Lang;
  messages: Partial<Record<Lang, Messages>>;
  /** The parts of the texts loaded (shared/text-parts.ts); a language switch loads the same. */
  parts: readonly TextPart[];
};
export type I18nStore = StoreApi<I18nState>;

/**
 * One store per app: per request on the server, one in the browser. `parts` says which parts
 * `messages` holds: all of them on the server, the page's in the browser.
 */
export function createI18nStore(
  lang: Lang,
  messages: Messages,
  parts: readonly TextPart[] = textParts,
): I18nStore {
  return createStore<I18nState>(() => ({ lang, messages: { [lang]: messages }, parts }));
}

/** Each part of each language is a chunk of its own (literal imports, for the bundler). */
const textModules: Record<Lang, Record<TextPart, () => Promise<{ default: Messages }>>> = {
  es: {
    catalog: () => import("./locales/es.json"),
    shopper: () => import("./locales/es.shopper.json"),
    footer: () => import("./locales/es.footer.json"),
  },
  pt: {
    catalog: () => import("./locales/pt.json"),
    shopper: () => import("./locales/pt.shopper.json"),
    footer: () => import("./locales/pt.footer.json"),
  },
};

/** Loads the given parts of one language's interface texts, as one set of messages. */
export async function loadMessages(lang: Lang, parts: readonly TextPart[] = textParts): Promise<Messages> {
  const modules = await Promise.all(parts.map((part) => textModules[lang][part]()));
  return Object.assign({}, ...modules.map((module) => module.default));
}

/**
 * The loads of parts, one per store and part, so that React waits on one promise for each. A load
 * that arrived is kept: a component that suspended on it gets the same, settled, promise again.
 */
const partLoads = new WeakMap<I18nStore, Map<TextPart, Promise<void>>>();

/**
 * What a page with `part` of the texts must wait for: nothing if the store had it from the start,
 * else the one load of it in the current language (added to the store when it arrives).
 */
export function textPartLoad(store: I18nStore, part: TextPart): Promise<void> | undefined {
  const loads = partLoads.get(store) ?? new Map<TextPart, Promise<void>>();
  partLoads.set(store, loads);
  const known = loads.get(part);
  if (known) return known;
  if (store.getState().parts.includes(part)) return undefined;
  const { lang } = store.getState();
  const load = loadMessages(lang, [part]).then(
    (added) => {
      const state = store.getState();
      // Switched meanwhile: forgotten, so the page asks again, in the new language.
      if (state.lang !== lang) {
        loads.delete(part);
        return;
      }
      // Other languages' texts lack this part: dropped, they load whole when switched to.
      store.setState({
        parts: [...state.parts, part],
        messages: { [lang]: { ...state.messages[lang], ...added } },
      });
    },
    (error: unknown) => {
      loads.delete(part); // tried again by the next render
      throw error;
    },
  );
  loads.set(part, load);
  return load;
}

/** Switches every text and <html lang>, and remembers the choice in a cookie. */
export async function switchLanguage(store: I18nStore, lang: Lang): Promise<void> {
  // A part may arrive in the old language while the new one loads (the footer's, as it nears the
  // viewport): then the new language is loaded again with it, so it holds every part the store
  // says it has.
  while (!store.getState().messages[lang]) {
    const { parts } = store.getState();
    const messages = await loadMessages(lang, parts);
    if (store.getState().parts.every((part) => parts.includes(part))) {
      store.setState((state) => ({ messages: { ...state.messages, [lang]: messages } }));
    }
  }
  store.setState({ lang });
  document.documentElement.lang = localeOf[lang];
  // The Cookie Store API is still missing in some browsers our shoppers use.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}
