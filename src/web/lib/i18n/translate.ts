import { type Lang, localeOf } from "#shared/lang.ts";

export type Messages = { [key: string]: string | Messages };
export type TranslateParams = Record<string, string | number>;
export type Translate = (key: string, params?: TranslateParams) => string;

/**
 * Looks a dotted key up in the language's texts, picks the plural form for `count`
 * (key_one, key_other … by Intl.PluralRules) and fills {{placeholders}}. A missing key
 * shows as itself, so it is visible in the page and in tests.
 */
export function createTranslate(lang: Lang, messages: Messages): Translate {
  const plurals = pluralRulesOf(lang);
  return (key, params) => {
    const count = params?.count;
    const text =
      (typeof count === "number" ? lookup(messages, `${key}_${plurals.select(count)}`) : undefined) ??
      lookup(messages, key);
    if (text === undefined) return key;
    return params ? interpolate(text, params) : text;
  };
}

/**
 * Every component that translates makes its own translate, on the server for every page drawn:
 * building `Intl.PluralRules` each time was ~3 % of drawing a product page (decision 056).
 */
const pluralRules = new Map<Lang, Intl.PluralRules>();

function pluralRulesOf(lang: Lang): Intl.PluralRules {
  const known = pluralRules.get(lang);
  if (known) return known;
  const rules = new Intl.PluralRules(localeOf[lang]);
  pluralRules.set(lang, rules);
  return rules;
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function interpolate(text: string, params: TranslateParams): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
