import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createI18nStore, loadMessages, switchLanguage, textPartLoad } from "./i18n-store.ts";
import { createTranslate } from "./translate.ts";

// switchLanguage sets <html lang> and the language cookie: a bare stand-in for the document.
beforeEach(() => vi.stubGlobal("document", { documentElement: { lang: "es-ES" }, cookie: "" }));
afterEach(() => vi.unstubAllGlobals());

describe("switching the language while a part of the texts is on its way", () => {
  it("holds every loaded part in the new language too", async () => {
    const store = createI18nStore("es", await loadMessages("es", ["catalog"]), ["catalog"]);
    // The Spanish footer's module is at hand (cached), the Portuguese texts are not: the footer
    // arrives while the switch is still loading.
    await loadMessages("es", ["footer"]);
    // The footer's texts are asked for (it neared the viewport), then the shopper switches.
    const footer = textPartLoad(store, "footer");
    const switched = switchLanguage(store, "pt");
    await Promise.all([footer, switched]);
    // The footer came first, in Spanish: the store says it holds it, so it holds it in Portuguese.
    const { lang, parts, messages } = store.getState();
    expect(lang).toBe("pt");
    expect(parts).toContain("footer");
    const t = createTranslate("pt", messages.pt ?? {});
    expect(t("footer.products")).toBe("Produtos");
  });
});
