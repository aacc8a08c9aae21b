import type { BrowserContext, Page, Route } from "playwright-core";

/**
 * A stand-in of Stripe.js (https://js.stripe.com/endive/stripe.js) for the end-to-end tests
 * (issue 27, decision 034): Playwright serves it in Stripe.js's place, so the shop's real client
 * path runs in Chromium — `@stripe/stripe-js` injects the script, `loadStripe` gets `window.Stripe`,
 * the shop mounts the Express Checkout and Payment Elements and calls `stripe.confirmPayment`.
 *
 * It implements the small, documented part of Stripe.js the shop uses, and behaves as Stripe.js
 * does toward the Stripe API: it reads the intent with the publishable key and the client secret
 * (`GET /v1/payment_intents/:id?key=pk_…&client_secret=…`) to offer its methods as tabs, and
 * confirms it (`POST /v1/payment_intents/:id/confirm`, form-encoded, `key`, `client_secret`,
 * `return_url`). The browser calls `https://api.stripe.com`, the address the page's CSP allows,
 * and Playwright forwards each call to the local API stand-in (`src/server/testing/
 * stripe-stand-in.ts`) from Node, adding the CORS header Stripe's API sends.
 *
 * Where it differs from Stripe.js, by design: the Payment Element draws its fields in an open
 * shadow root inside the mount node, not in a frame from js.stripe.com (so no frame-src is
 * exercised); the fields belong to no form of the shop (a shadow tree has no form owner), as a
 * frame's would not. A typed test card becomes Stripe's matching test PaymentMethod
 * (`pm_card_visa`…) instead of `payment_method_data[card][number]`; 3-D Secure is a redirect to the
 * API stand-in's page, never Stripe's modal; a Multibanco voucher resolves at once (Stripe.js shows
 * its modal first). No Apple Pay or Google Pay: the Express Checkout Element says none is available.
 */

/** Stripe.js's release train `@stripe/stripe-js` 10 expects (its `STRIPE_JS_URL`). */
export const STRIPE_JS_RELEASE = "endive";

/** Stripe.js's addresses, as `@stripe/stripe-js` recognises them (`isStripeJSURL`). */
const STRIPE_JS_URL = /^https:\/\/js\.stripe\.com\/(?:v3\/?|(?:v3|[a-z]+)\/stripe\.js)(?:\?.*)?$/;

export const STRIPE_API_ORIGIN = "https://api.stripe.com";

/** A call the page made to Stripe's API, as forwarded to the API stand-in. */
export type StripeApiCall = {
  method: string;
  /** `/v1/…` */
  path: string;
  /** The query and the form body together. */
  params: URLSearchParams;
  /** The page that made it (the shop's origin). */
  origin: string | null;
  status: number;
};

export type StripeJsStandIn = {
  /** Every Stripe.js address a page asked for, in order. */
  scripts: string[];
  /** Every call the pages made to Stripe's API. */
  calls: StripeApiCall[];
};

/** What the pages recorded of the shop's use of Stripe.js (`window.__stripeJsStandIn`). */
export type StripeJsLog = {
  stripes: { publishableKey: string }[];
  elements: { clientSecret: string | null; locale: string | null; appearance: unknown }[];
  created: { type: string; options: unknown }[];
  confirmations: { redirect: string; returnUrl: string | null; method: string | null }[];
};

const CORS = { "access-control-allow-origin": "*" };

/**
 * Serves the stand-in at js.stripe.com and forwards api.stripe.com to the API stand-in at
 * `apiUrl`, for every page of `target`. Answers what was served and called.
 */
export async function serveStripeJs(
  target: BrowserContext | Page,
  { apiUrl }: { apiUrl: string },
): Promise<StripeJsStandIn> {
  const traffic: StripeJsStandIn = { scripts: [], calls: [] };
  const config: BrowserConfig = {
    apiBase: STRIPE_API_ORIGIN,
    release: STRIPE_JS_RELEASE,
    cards: { ...STRIPE_TEST_CARDS },
  };
  // The function's own text, run at once; `__name` in case the test's transform keeps names.
  const source = `(() => { var __name = (f) => f; (${stripeJsInBrowser.toString()})(${JSON.stringify(config)}); })();`;

  await target.route("https://js.stripe.com/**", async (route: Route) => {
    const url = route.request().url();
    if (!STRIPE_JS_URL.test(url)) {
      await route.fulfill({ status: 404, contentType: "text/plain", body: "Not found (stand-in)" });
      return;
    }
    traffic.scripts.push(url);
    await route.fulfill({
      status: 200,
      contentType: "application/javascript; charset=utf-8",
      headers: { ...CORS, "cache-control": "no-store" },
      body: source,
    });
  });

  await target.route(`${STRIPE_API_ORIGIN}/**`, async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (request.method() === "OPTIONS") {
      await route.fulfill({
        status: 204,
        headers: {
          ...CORS,
          "access-control-allow-methods": "GET, POST, DELETE",
          "access-control-allow-headers": "content-type, stripe-version",
        },
      });
      return;
    }
    const body = request.method() === "GET" ? undefined : (request.postData() ?? "");
    const params = new URLSearchParams(url.search);
    for (const [name, value] of new URLSearchParams(body ?? "")) params.append(name, value);
    let status = 502;
    let text = JSON.stringify({ error: { type: "api_error", message: "The API stand-in is unreachable" } });
    let contentType = "application/json";
    try {
      const answer = await fetch(`${apiUrl}${url.pathname}${url.search}`, {
        method: request.method(),
        headers: { "content-type": request.headers()["content-type"] ?? "application/x-www-form-urlencoded" },
        ...(body === undefined ? {} : { body }),
      });
      status = answer.status;
      contentType = answer.headers.get("content-type") ?? contentType;
      text = await answer.text();
    } catch {}
    traffic.calls.push({
      method: request.method(),
      path: url.pathname,
      params,
      origin: request.headers().origin ?? null,
      status,
    });
    await route.fulfill({ status, contentType, headers: CORS, body: text });
  });

  return traffic;
}

/** What the page recorded of the shop's calls to Stripe.js. */
export function stripeJsLog(page: Page): Promise<StripeJsLog> {
  return page.evaluate(() => {
    const log = (window as unknown as { __stripeJsStandIn?: StripeJsLog }).__stripeJsStandIn;
    return log ?? { stripes: [], elements: [], created: [], confirmations: [] };
  });
}

/**
 * Stripe's test cards as typed (digits), and the test PaymentMethod each stands for
 * (https://docs.stripe.com/testing). Any other valid number is declined, as test mode declines a
 * real card.
 */
export const STRIPE_TEST_CARDS: Readonly<Record<string, string>> = {
  "4242424242424242": "pm_card_visa",
  "5555555555554444": "pm_card_mastercard",
  "4000000000003220": "pm_card_threeDSecure2Required",
  "4000002760003184": "pm_card_authenticationRequired",
  "4000000000000002": "pm_card_chargeDeclined",
  "4000000000009995": "pm_card_chargeDeclinedInsufficientFunds",
  "4000000000000069": "pm_card_chargeDeclinedExpiredCard",
  "4000000000000127": "pm_card_chargeDeclinedIncorrectCvc",
  "4000000000000119": "pm_card_chargeDeclinedProcessingError",
};

type BrowserConfig = { apiBase: string; release: string; cards: Record<string, string> };

/**
 * Stripe.js itself, as it runs in the page: this function's text is the script served. It must
 * stand alone (no imports, nothing from outside but its argument).
 */
function stripeJsInBrowser(config: BrowserConfig): void {
  type Listener = (event: Record<string, unknown>) => void;
  type ApiError = {
    type: string;
    code?: string;
    decline_code?: string;
    message?: string;
    [k: string]: unknown;
  };
  type Intent = {
    id: string;
    status: string;
    payment_method_types: string[];
    next_action: {
      type: string;
      redirect_to_url?: { url: string; return_url: string | null };
      multibanco_display_details?: Record<string, unknown>;
    } | null;
    last_payment_error: ApiError | null;
    [k: string]: unknown;
  };
  type Collected = { params: [string, string][]; method: string } | { error: ApiError };
  type Log = {
    stripes: { publishableKey: string }[];
    elements: { clientSecret: string | null; locale: string | null; appearance: unknown }[];
    created: { type: string; options: unknown }[];
    confirmations: { redirect: string; returnUrl: string | null; method: string | null }[];
  };

  const cards = config.cards;

  const TEXTS = {
    es: {
      methods: { card: "Tarjeta", bizum: "Bizum", mb_way: "MB WAY", multibanco: "Multibanco" } as Record<
        string,
        string
      >,
      number: "Número de tarjeta",
      expiry: "Fecha de caducidad",
      expiryPlaceholder: "MM / AA",
      cvc: "Código de seguridad",
      phone: "Número de teléfono",
      email: "Correo electrónico",
      loading: "Cargando…",
      incompleteNumber: "El número de tu tarjeta está incompleto.",
      invalidNumber: "El número de tu tarjeta no es válido.",
      incompleteExpiry: "La fecha de caducidad de tu tarjeta está incompleta.",
      pastExpiry: "El año de caducidad de tu tarjeta ya ha pasado.",
      incompleteCvc: "El código de seguridad de tu tarjeta está incompleto.",
      incompletePhone: "Tu número de teléfono está incompleto.",
      incompleteEmail: "Tu dirección de correo electrónico está incompleta.",
      declines: {
        card_declined: "Se ha rechazado tu tarjeta.",
        insufficient_funds: "Tu tarjeta no tiene fondos suficientes.",
        expired_card: "Tu tarjeta ha caducado.",
        incorrect_cvc: "El código de seguridad de tu tarjeta es incorrecto.",
        processing_error:
          "Se ha producido un error al procesar tu tarjeta. Vuelve a intentarlo en unos momentos.",
      } as Record<string, string>,
      authentication:
        "No hemos podido autenticar tu método de pago. Elige otro método de pago y vuelve a intentarlo.",
    },
    pt: {
      methods: { card: "Cartão", bizum: "Bizum", mb_way: "MB WAY", multibanco: "Multibanco" } as Record<
        string,
        string
      >,
      number: "Número do cartão",
      expiry: "Data de validade",
      expiryPlaceholder: "MM / AA",
      cvc: "Código de segurança",
      phone: "Número de telemóvel",
      email: "E-mail",
      loading: "A carregar…",
      incompleteNumber: "O número do seu cartão está incompleto.",
      invalidNumber: "O número do seu cartão é inválido.",
      incompleteExpiry: "A data de validade do seu cartão está incompleta.",
      pastExpiry: "O ano de validade do seu cartão já passou.",
      incompleteCvc: "O código de segurança do seu cartão está incompleto.",
      incompletePhone: "O seu número de telemóvel está incompleto.",
      incompleteEmail: "O seu e-mail está incompleto.",
      declines: {
        card_declined: "O seu cartão foi recusado.",
        insufficient_funds: "O seu cartão não tem fundos suficientes.",
        expired_card: "O seu cartão expirou.",
        incorrect_cvc: "O código de segurança do seu cartão está incorreto.",
        processing_error: "Ocorreu um erro ao processar o seu cartão. Tente novamente dentro de momentos.",
      } as Record<string, string>,
      authentication:
        "Não foi possível autenticar o seu método de pagamento. Escolha outro e tente novamente.",
    },
  };
  type Texts = (typeof TEXTS)["es"];

  const log: Log = { stripes: [], elements: [], created: [], confirmations: [] };
  (window as unknown as { __stripeJsStandIn: Log }).__stripeJsStandIn = log;

  class IntegrationError extends Error {
    constructor(message: string) {
      super(message);
      this.name = "IntegrationError";
    }
  }

  const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0] ?? "";

  function luhn(digits: string): boolean {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let digit = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function element<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    attributes: Record<string, string> = {},
    ...children: (Node | string)[]
  ): HTMLElementTagNameMap[K] {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  }

  /** An element's listeners: `on`, `once`, `off`, and events sent after the caller's turn. */
  function emitter(owner: object) {
    const listeners = new Map<string, Set<Listener>>();
    return {
      on(type: string, listener: Listener) {
        const set = listeners.get(type) ?? new Set();
        set.add(listener);
        listeners.set(type, set);
        return owner;
      },
      once(type: string, listener: Listener) {
        const once: Listener = (event) => {
          listeners.get(type)?.delete(once);
          listener(event);
        };
        return this.on(type, once);
      },
      off(type: string, listener?: Listener) {
        if (listener) listeners.get(type)?.delete(listener);
        else listeners.delete(type);
        return owner;
      },
      emit(type: string, event: Record<string, unknown>) {
        setTimeout(() => {
          for (const listener of [...(listeners.get(type) ?? [])]) listener(event);
        }, 0);
      },
    };
  }

  function Stripe(publishableKey: unknown, _options?: unknown) {
    if (typeof publishableKey !== "string" || !publishableKey.startsWith("pk_")) {
      throw new IntegrationError("Invalid value for Stripe(): apiKey should be a publishable key (pk_…).");
    }
    log.stripes.push({ publishableKey });

    async function api(
      method: "GET" | "POST",
      path: string,
      params: [string, string][],
    ): Promise<{ ok: boolean; status: number; json: Record<string, unknown> }> {
      const form = new URLSearchParams(params);
      form.set("key", String(publishableKey));
      const response =
        method === "GET"
          ? await fetch(`${config.apiBase}${path}?${form}`)
          : await fetch(`${config.apiBase}${path}`, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: form,
            });
      const json = (await response.json()) as Record<string, unknown>;
      return { ok: response.ok, status: response.status, json };
    }

    type Group = {
      clientSecret: string;
      texts: Texts;
      intent: () => Promise<Intent>;
      payment: PaymentElement | null;
    };
    type PaymentElement = ReturnType<typeof paymentElement>;
    const groups = new WeakMap<object, Group>();

    /** The Payment Element: the intent's methods as tabs, and each one's fields. */
    function paymentElement(group: Group, _options: unknown) {
      const self: Record<string, unknown> = {};
      const events = emitter(self);
      let host: HTMLElement | null = null;
      let destroyed = false;
      let selected = "card";
      let fields: Record<string, HTMLInputElement> = {};
      let errorLine: HTMLElement | null = null;

      function changed() {
        const value = Object.values(fields).map((input) => input.value.trim());
        events.emit("change", {
          elementType: "payment",
          collapsed: false,
          empty: value.every((text) => text === ""),
          complete: !("error" in collect()),
          value: { type: selected },
        });
      }

      function input(name: string, label: string, attributes: Record<string, string>) {
        const field = element("input", { name, ...attributes });
        field.addEventListener("input", () => {
          if (errorLine) errorLine.textContent = "";
          changed();
        });
        fields[name] = field;
        return element("label", {}, element("span", {}, label), " ", field);
      }

      function draw(root: ShadowRoot, methods: string[]) {
        const { texts } = group;
        const tabs = element("div", { role: "tablist", "aria-label": "Payment methods" });
        const panel = element("div", { role: "tabpanel", id: "stand-in-panel" });
        errorLine = element("p", { role: "alert" });
        const show = (method: string) => {
          selected = method;
          fields = {};
          for (const tab of tabs.querySelectorAll("[role=tab]")) {
            tab.setAttribute("aria-selected", String(tab.getAttribute("data-method") === method));
          }
          if (errorLine) errorLine.textContent = "";
          panel.replaceChildren();
          if (method === "card") {
            panel.append(
              input("number", texts.number, {
                autocomplete: "cc-number",
                inputmode: "numeric",
                placeholder: "1234 1234 1234 1234",
              }),
              input("expiry", texts.expiry, {
                autocomplete: "cc-exp",
                inputmode: "numeric",
                placeholder: texts.expiryPlaceholder,
              }),
              input("cvc", texts.cvc, { autocomplete: "cc-csc", inputmode: "numeric", placeholder: "CVC" }),
            );
          } else if (method === "multibanco") {
            panel.append(input("email", texts.email, { type: "email", autocomplete: "email" }));
          } else {
            panel.append(input("phone", texts.phone, { type: "tel", autocomplete: "tel" }));
          }
          changed();
        };
        for (const method of methods) {
          const tab = element(
            "button",
            { type: "button", role: "tab", "data-method": method, "aria-controls": "stand-in-panel" },
            texts.methods[method] ?? method,
          );
          tab.addEventListener("click", () => show(method));
          tabs.append(tab);
        }
        root.replaceChildren(tabs, panel, errorLine);
        show(methods[0] ?? "card");
      }

      /** What the fields make of a confirmation: Stripe's parameters, or why not yet. */
      function collect(): Collected {
        const { texts } = group;
        const invalid = (code: string, message: string): Collected => ({
          error: { type: "validation_error", code, message },
        });
        const value = (name: string) => fields[name]?.value.trim() ?? "";
        if (selected === "card") {
          const digits = value("number").replace(/[\s-]/g, "");
          if (!/^\d{13,19}$/.test(digits)) return invalid("incomplete_number", texts.incompleteNumber);
          if (!luhn(digits)) return invalid("invalid_number", texts.invalidNumber);
          const expiry = /^(\d{1,2})\s*\/?\s*(\d{2})$/.exec(value("expiry"));
          if (!expiry) return invalid("incomplete_expiry", texts.incompleteExpiry);
          const month = Number(expiry[1]);
          const year = 2000 + Number(expiry[2]);
          const now = new Date();
          if (month < 1 || month > 12) return invalid("incomplete_expiry", texts.incompleteExpiry);
          if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
            return invalid("invalid_expiry_year_past", texts.pastExpiry);
          }
          if (!/^\d{3,4}$/.test(value("cvc"))) return invalid("incomplete_cvc", texts.incompleteCvc);
          return {
            method: "card",
            params: [["payment_method", cards[digits] ?? "pm_card_chargeDeclined"]],
          };
        }
        if (selected === "multibanco") {
          if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value("email"))) {
            return invalid("incomplete_email", texts.incompleteEmail);
          }
          return {
            method: "multibanco",
            params: [
              ["payment_method_data[type]", "multibanco"],
              ["payment_method_data[billing_details][email]", value("email")],
            ],
          };
        }
        const phone = value("phone").replace(/[\s-]/g, "");
        if (!/^\+?\d{9,15}$/.test(phone)) return invalid("incomplete_phone_number", texts.incompletePhone);
        return {
          method: selected,
          params: [
            ["payment_method_data[type]", selected],
            ["payment_method_data[billing_details][phone]", phone],
          ],
        };
      }

      return Object.assign(self, {
        on: events.on.bind(events),
        once: events.once.bind(events),
        off: events.off.bind(events),
        mount(target: HTMLElement | string) {
          if (destroyed) throw new IntegrationError("This Element has already been destroyed.");
          const node = typeof target === "string" ? document.querySelector(target) : target;
          if (!(node instanceof HTMLElement)) {
            throw new IntegrationError(
              "The selector you specified (Element.mount) applies to no DOM element.",
            );
          }
          host = element("div", { "data-stripe-stand-in": "payment" });
          const root = host.attachShadow({ mode: "open" });
          root.append(element("p", { role: "status" }, group.texts.loading));
          node.append(host);
          group.payment = self as PaymentElement;
          group
            .intent()
            .then((intent) => {
              if (destroyed || !host) return;
              draw(root, intent.payment_method_types);
              events.emit("ready", { elementType: "payment" });
            })
            .catch((caught: unknown) => {
              const message = caught instanceof Error ? caught.message : String(caught);
              events.emit("loaderror", {
                elementType: "payment",
                error: { type: "invalid_request_error", message },
              });
            });
        },
        unmount() {
          host?.remove();
          host = null;
        },
        destroy() {
          host?.remove();
          host = null;
          destroyed = true;
          if (group.payment === (self as PaymentElement)) group.payment = null;
        },
        focus() {
          Object.values(fields)[0]?.focus();
        },
        blur() {},
        clear() {
          for (const field of Object.values(fields)) field.value = "";
        },
        update() {},
        collect,
        showError(message: string) {
          if (errorLine) errorLine.textContent = message;
        },
        isMounted: () => host?.isConnected === true,
      });
    }

    /** The Express Checkout Element: no wallet in this browser, as it then tells. */
    function expressCheckoutElement() {
      const self: Record<string, unknown> = {};
      const events = emitter(self);
      let host: HTMLElement | null = null;
      return Object.assign(self, {
        on: events.on.bind(events),
        once: events.once.bind(events),
        off: events.off.bind(events),
        mount(target: HTMLElement | string) {
          const node = typeof target === "string" ? document.querySelector(target) : target;
          if (!(node instanceof HTMLElement)) {
            throw new IntegrationError(
              "The selector you specified (Element.mount) applies to no DOM element.",
            );
          }
          host = element("div", { "data-stripe-stand-in": "express-checkout" });
          node.append(host);
          events.emit("ready", { elementType: "expressCheckout", availablePaymentMethods: undefined });
        },
        unmount() {
          host?.remove();
          host = null;
        },
        destroy() {
          host?.remove();
          host = null;
        },
        update() {},
      });
    }

    function elements(options: { clientSecret?: string; locale?: string; appearance?: unknown } = {}) {
      log.elements.push({
        clientSecret: options.clientSecret ?? null,
        locale: options.locale ?? null,
        appearance: options.appearance ?? null,
      });
      const clientSecret = options.clientSecret ?? "";
      if (!clientSecret.includes("_secret_")) {
        throw new IntegrationError("Invalid value for elements(): clientSecret should be a client secret.");
      }
      let read: Promise<Intent> | null = null;
      const group: Group = {
        clientSecret,
        texts: options.locale === "pt" ? TEXTS.pt : TEXTS.es,
        payment: null,
        intent: () => {
          read ??= api("GET", `/v1/payment_intents/${intentIdOf(clientSecret)}`, [
            ["client_secret", clientSecret],
          ]).then(({ ok, json }) => {
            if (!ok) throw new Error(String((json.error as ApiError | undefined)?.message ?? "Stripe API"));
            return json as unknown as Intent;
          });
          return read;
        },
      };
      const created = new Map<string, unknown>();
      const self = {
        create(type: string, elementOptions?: unknown) {
          log.created.push({ type, options: elementOptions ?? null });
          if (created.has(type)) throw new IntegrationError(`Can only create one Element of type ${type}.`);
          const made =
            type === "payment"
              ? paymentElement(group, elementOptions)
              : type === "expressCheckout"
                ? expressCheckoutElement()
                : null;
          if (!made) throw new IntegrationError(`The stand-in of Stripe.js has no ${type} Element.`);
          created.set(type, made);
          return made;
        },
        getElement: (type: string) => created.get(type) ?? null,
        async submit() {
          const collected = group.payment?.collect();
          if (collected && "error" in collected) {
            group.payment?.showError(collected.error.message ?? "");
            return { error: collected.error };
          }
          return {};
        },
        update() {},
        fetchUpdates: async () => ({}),
      };
      groups.set(self, group);
      return self;
    }

    /** Where Stripe sends the shopper when a confirmation ends with `redirect: "always"`. */
    function returnUrlFor(returnUrl: string, intent: Intent, clientSecret: string) {
      const url = new URL(returnUrl);
      url.searchParams.set("payment_intent", intent.id);
      url.searchParams.set("payment_intent_client_secret", clientSecret);
      url.searchParams.set("redirect_status", intent.status === "succeeded" ? "succeeded" : intent.status);
      return url.href;
    }

    /**
     * The message Stripe.js gives the shopper, in the Elements' language (Stripe localizes its own):
     * each decline code has its own, as Stripe's do; the wording here is the stand-in's.
     */
    function localized(error: ApiError, texts: Texts): ApiError {
      const code = error.code ?? "";
      // A decline says why, as Stripe's messages do (its decline code before its error code).
      const decline = texts.declines[error.decline_code ?? ""] ?? texts.declines[code];
      if (error.type === "card_error" && decline) return { ...error, message: decline };
      if (code === "payment_intent_authentication_failure")
        return { ...error, message: texts.authentication };
      return error;
    }

    async function confirmPayment(options: {
      elements?: object;
      clientSecret?: string;
      confirmParams?: { return_url?: string };
      redirect?: "always" | "if_required";
    }) {
      const group = options.elements ? groups.get(options.elements) : undefined;
      if (!group)
        throw new IntegrationError(
          "Invalid value for confirmPayment(): elements should be an Elements group.",
        );
      const payment = group.payment;
      if (!payment?.isMounted()) {
        throw new IntegrationError("confirmPayment(): the Payment Element is not mounted.");
      }
      const redirect = options.redirect ?? "always";
      const returnUrl = options.confirmParams?.return_url ?? null;
      const collected = payment.collect();
      log.confirmations.push({
        redirect,
        returnUrl,
        method: "error" in collected ? null : collected.method,
      });
      if ("error" in collected) {
        payment.showError(collected.error.message ?? "");
        return { error: collected.error };
      }
      if (!returnUrl && (redirect === "always" || collected.method !== "card")) {
        throw new IntegrationError("confirmPayment(): confirmParams.return_url is required.");
      }
      const { clientSecret } = group;
      const answer = await api("POST", `/v1/payment_intents/${intentIdOf(clientSecret)}/confirm`, [
        ["client_secret", clientSecret],
        ...(returnUrl ? ([["return_url", returnUrl]] as [string, string][]) : []),
        ["expand[]", "payment_method"],
        ...collected.params,
      ]);
      if (!answer.ok) {
        const error = (answer.json.error as ApiError | undefined) ?? {
          type: "api_error",
          message: "An unexpected error occurred.",
        };
        return { error: localized(error, group.texts) };
      }
      const intent = answer.json as unknown as Intent;
      const next = intent.next_action;
      if (intent.status === "requires_action" && next?.type === "redirect_to_url" && next.redirect_to_url) {
        // The bank's page (3-D Secure, Bizum, MB WAY): the page leaves; the promise never settles.
        window.location.assign(next.redirect_to_url.url);
        return new Promise<never>(() => {});
      }
      if (intent.status === "requires_payment_method" && intent.last_payment_error) {
        return { error: localized({ ...intent.last_payment_error, payment_intent: intent }, group.texts) };
      }
      if (redirect === "always" && returnUrl && intent.status !== "requires_action") {
        window.location.assign(returnUrlFor(returnUrl, intent, clientSecret));
        return new Promise<never>(() => {});
      }
      // Succeeded, processing, or a Multibanco voucher to show (Stripe.js shows it in a modal first).
      return { paymentIntent: intent };
    }

    async function retrievePaymentIntent(clientSecret: string) {
      const { ok, json } = await api("GET", `/v1/payment_intents/${intentIdOf(clientSecret)}`, [
        ["client_secret", clientSecret],
      ]);
      return ok ? { paymentIntent: json } : { error: json.error };
    }

    return {
      elements,
      confirmPayment,
      retrievePaymentIntent,
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  Stripe.version = config.release;
  (window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
}
