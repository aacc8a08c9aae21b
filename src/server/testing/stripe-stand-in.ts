import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Stripe from "stripe";
import { decimalPrice } from "#shared/money.ts";

/** A call to the stand-in's Stripe API (`/v1/…`), as it arrived. */
export type StandInRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The query and the form body together. */
  params: URLSearchParams;
  /** Which kind of key made it: the server's secret key, or Stripe.js's publishable key. */
  key: "secret" | "publishable" | null;
};

type MethodKind = "card" | "bizum" | "mb_way" | "multibanco";
const METHOD_KINDS: readonly string[] = ["card", "bizum", "mb_way", "multibanco"];

type StandInPaymentMethod = {
  id: string;
  type: MethodKind;
  card: { brand: string; last4: string } | null;
  email: string | null;
  phone: string | null;
};

type StandInCharge = {
  id: string;
  status: "succeeded" | "failed";
  created: number;
  paymentMethod: StandInPaymentMethod;
  failure: { code: string; message: string } | null;
};

/** A PaymentIntent as the stand-in keeps it; `intentJson` shows it as Stripe's API does. */
export type StandInIntent = {
  id: string;
  amount: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  /** What was given back so far, in cents. */
  refunded: number;
  metadata: Record<string, string>;
  description: string | null;
  /** `allowed_payment_method_types`, as the server sent them. */
  allowedMethods: string[];
  /** `payment_method_types`: those of them this (stand-in) account takes. */
  methods: string[];
  clientSecret: string;
  created: number;
  paymentMethod: StandInPaymentMethod | null;
  charge: StandInCharge | null;
  lastPaymentError: Record<string, unknown> | null;
  nextAction: Record<string, unknown> | null;
  returnUrl: string | null;
  /** The Multibanco reference given at the last confirmation, if any. */
  voucher: { entity: string; reference: string } | null;
  canceledAt: number | null;
  cancellationReason: string | null;
};

/** An event the stand-in made, and the HTTP status of each time it was delivered (0: unreachable). */
export type StandInEvent = {
  id: string;
  type: string;
  intentId: string;
  /** The event's `data.object`, as sent. */
  object: Record<string, unknown>;
  /** The JSON body exactly as signed and sent. */
  payload: string;
  deliveries: number[];
};

/** How a delivery is signed: another secret or an old timestamp forge or stale a signature. */
export type SigningOptions = { secret?: string; timestamp?: number };

export type Delivery = { status: number; body: unknown };

export type StripeStandInOptions = {
  /** Where events are POSTed (also settable later with `setWebhook`). */
  webhookUrl?: string;
  /** How they are POSTed: e.g. `(request) => api.fetch(request)` for an app served in-process. */
  webhookFetch?: (request: Request) => Promise<Response>;
  /** The endpoint's signing secret; `whsec_stand_in` unless given. */
  webhookSecret?: string;
  /** false: events are only recorded (in `events`), for a test to deliver in its own order. */
  autoDeliver?: boolean;
  /** The payment method types this account takes (others are silently left out, as Stripe does). */
  methods?: string[];
};

/**
 * Stripe's documented test PaymentMethods (https://docs.stripe.com/testing), as Stripe.js would
 * confirm with them, and what Stripe's test mode answers for each.
 */
const TEST_CARDS: Record<
  string,
  {
    brand: string;
    last4: string;
    outcome: "succeed" | "authenticate" | { code: string; decline_code?: string };
  }
> = {
  pm_card_visa: { brand: "visa", last4: "4242", outcome: "succeed" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", outcome: "succeed" },
  pm_card_threeDSecure2Required: { brand: "visa", last4: "3220", outcome: "authenticate" },
  pm_card_authenticationRequired: { brand: "visa", last4: "3184", outcome: "authenticate" },
  pm_card_chargeDeclined: {
    brand: "visa",
    last4: "0002",
    outcome: { code: "card_declined", decline_code: "generic_decline" },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: "visa",
    last4: "9995",
    outcome: { code: "card_declined", decline_code: "insufficient_funds" },
  },
  pm_card_chargeDeclinedExpiredCard: { brand: "visa", last4: "0069", outcome: { code: "expired_card" } },
  pm_card_chargeDeclinedIncorrectCvc: { brand: "visa", last4: "0127", outcome: { code: "incorrect_cvc" } },
  pm_card_chargeDeclinedProcessingError: {
    brand: "visa",
    last4: "0119",
    outcome: { code: "processing_error" },
  },
};

type Reply = { status: number; body: unknown; contentType?: string; location?: string };

const error = (status: number, fields: Record<string, unknown>): Reply => ({
  status,
  body: { error: { type: "invalid_request_error", ...fields } },
});
const missing = (what: string, id: string) =>
  error(404, { code: "resource_missing", message: `No such ${what}: '${id}'` });
const unexpectedState = (intent: { id: string; status: string }) =>
  error(400, {
    code: "payment_intent_unexpected_state",
    message: `This PaymentIntent (${intent.id}) has a status of ${intent.status}.`,
  });

/** The stand-in's own steps a shopper takes outside the shop (3-D Secure, a phone app, an ATM). */
export type StandInAction = "approve" | "refuse" | "expire" | "process";
const ACTIONS: readonly string[] = ["approve", "refuse", "expire", "process"];

/**
 * A local stand-in for the Stripe API the shop and Stripe.js call (decision 034), answering the
 * real `stripe` client like Stripe's test mode: PaymentIntents created by the server (secret key)
 * and confirmed as Stripe.js would (publishable key and client secret) with Stripe's test
 * PaymentMethods, Bizum, MB WAY or Multibanco; read, cancelled and refunded; idempotent requests
 * replayed. What the shopper does elsewhere (3-D Secure, approving in an app, paying a Multibanco
 * reference at an ATM, letting it expire) are plain HTTP endpoints under `/stand-in/…` and helpers
 * here. After every change it POSTs a signed event to the webhook, as Stripe does.
 */
export async function startStripeStandIn(options: StripeStandInOptions = {}) {
  const requests: StandInRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const charges = new Map<string, { intentId: string }>();
  const events: StandInEvent[] = [];
  const replies = new Map<string, { request: string; reply: Reply }>();
  const accountMethods = options.methods ?? [...METHOD_KINDS];
  const webhookSecret = options.webhookSecret ?? "whsec_stand_in";
  const autoDeliver = options.autoDeliver ?? true;
  const signer = new Stripe("sk_test_stand_in");
  let webhook: { url: string; fetch: (request: Request) => Promise<Response> } | null = options.webhookUrl
    ? { url: options.webhookUrl, fetch: options.webhookFetch ?? ((request) => fetch(request)) }
    : null;
  let counter = 0;
  let base = "";
  const nextId = (prefix: string) => `${prefix}_standin${++counter}`;
  const now = () => Math.floor(Date.now() / 1000);

  // ---- Stripe's objects, as its API shows them ----

  const paymentMethodJson = (method: StandInPaymentMethod) => ({
    id: method.id,
    object: "payment_method",
    type: method.type,
    billing_details: { email: method.email, phone: method.phone, name: null, address: null },
    card: method.card ? { ...method.card, exp_month: 12, exp_year: 2034, funding: "credit" } : null,
    ...(method.type === "card" ? {} : { [method.type]: {} }),
    livemode: false,
  });

  const chargeJson = (charge: StandInCharge, intent: StandInIntent) => ({
    id: charge.id,
    object: "charge",
    amount: intent.amount,
    amount_captured: charge.status === "succeeded" ? intent.amount : 0,
    amount_refunded: charge.status === "succeeded" ? intent.refunded : 0,
    captured: charge.status === "succeeded",
    created: charge.created,
    currency: intent.currency,
    failure_code: charge.failure?.code ?? null,
    failure_message: charge.failure?.message ?? null,
    livemode: false,
    metadata: intent.metadata,
    paid: charge.status === "succeeded",
    payment_intent: intent.id,
    payment_method: charge.paymentMethod.id,
    payment_method_details: {
      type: charge.paymentMethod.type,
      [charge.paymentMethod.type]:
        charge.paymentMethod.type === "card"
          ? { ...charge.paymentMethod.card }
          : charge.paymentMethod.type === "multibanco"
            ? { entity: intent.voucher?.entity ?? null, reference: intent.voucher?.reference ?? null }
            : {},
    },
    refunded: charge.status === "succeeded" && intent.refunded >= intent.amount,
    status: charge.status,
  });

  /** The PaymentIntent as Stripe answers it: `expand` names what comes whole instead of as an id. */
  function intentJson(intent: StandInIntent, expand: ReadonlySet<string> = new Set(), view = "secret") {
    const charge = intent.charge;
    const method = intent.paymentMethod;
    return {
      id: intent.id,
      object: "payment_intent",
      allowed_payment_method_types: intent.allowedMethods.length > 0 ? intent.allowedMethods : null,
      amount: intent.amount,
      amount_capturable: 0,
      amount_received: intent.status === "succeeded" ? intent.amount : 0,
      automatic_payment_methods: null,
      canceled_at: intent.canceledAt,
      cancellation_reason: intent.cancellationReason,
      capture_method: "automatic",
      client_secret: intent.clientSecret,
      confirmation_method: "automatic",
      created: intent.created,
      currency: intent.currency,
      customer: null,
      description: intent.description,
      excluded_payment_method_types: null,
      last_payment_error: intent.lastPaymentError,
      latest_charge: charge ? (expand.has("latest_charge") ? chargeJson(charge, intent) : charge.id) : null,
      livemode: false,
      // Stripe.js's (publishable key) view leaves the server's metadata out.
      ...(view === "secret" ? { metadata: intent.metadata } : {}),
      next_action: intent.nextAction,
      payment_method: method ? (expand.has("payment_method") ? paymentMethodJson(method) : method.id) : null,
      payment_method_options: {},
      payment_method_types: intent.methods,
      processing: null,
      receipt_email: null,
      setup_future_usage: null,
      shipping: null,
      status: intent.status,
    };
  }

  // ---- Events ----

  let outbox: StandInEvent[] = [];
  let deliveries: Promise<unknown> = Promise.resolve();

  function record(type: string, intentId: string, object: Record<string, unknown>): StandInEvent {
    const id = nextId("evt");
    const payload = JSON.stringify({
      id,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: webhook ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    });
    const event: StandInEvent = { id, type, intentId, object, payload, deliveries: [] };
    events.push(event);
    return event;
  }

  /** An event about an intent's change, sent once the API call that made it has been answered. */
  function emit(type: string, intent: StandInIntent) {
    outbox.push(record(type, intent.id, intentJson(intent)));
  }

  function flush() {
    const due = outbox;
    outbox = [];
    if (!autoDeliver) return;
    for (const event of due) {
      deliveries = deliveries.then(() => (webhook ? post(event) : undefined)).catch(() => undefined);
    }
  }

  async function post(event: StandInEvent, signing: SigningOptions = {}): Promise<Delivery> {
    if (!webhook) throw new Error("The Stripe stand-in has no webhook to send events to (setWebhook)");
    const signature = signer.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: signing.secret ?? webhookSecret,
      ...(signing.timestamp === undefined ? {} : { timestamp: signing.timestamp }),
    });
    let response: Response;
    try {
      response = await webhook.fetch(
        new Request(webhook.url, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          body: event.payload,
        }),
      );
    } catch {
      event.deliveries.push(0);
      return { status: 0, body: null };
    }
    event.deliveries.push(response.status);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: response.status, body };
  }

  // ---- The API ----

  const intentOf = (id: string) => intents.get(id);
  const expandOf = (params: URLSearchParams) => new Set(listParam(params, "expand"));

  function create(params: URLSearchParams): Reply {
    if (listParam(params, "payment_method_types").length > 0) {
      // The API version the `stripe` package pins (endive) no longer takes it.
      return error(400, {
        code: "payment_method_types_no_longer_supported",
        param: "payment_method_types",
        message: "payment_method_types is no longer supported: use allowed_payment_method_types",
      });
    }
    const amount = Number(params.get("amount"));
    if (!Number.isInteger(amount) || amount < 1) {
      return error(400, { code: "parameter_invalid_integer", param: "amount", message: "Invalid amount" });
    }
    if (amount < 50) {
      return error(400, {
        code: "amount_too_small",
        param: "amount",
        message: "Amount must be at least €0.50",
      });
    }
    const currency = params.get("currency");
    if (!currency)
      return error(400, { code: "parameter_missing", param: "currency", message: "Missing currency" });
    const allowed = listParam(params, "allowed_payment_method_types");
    const methods = (allowed.length > 0 ? allowed : accountMethods).filter((type) =>
      accountMethods.includes(type),
    );
    if (methods.length === 0) {
      return error(400, {
        code: "payment_intent_invalid_parameter",
        param: "allowed_payment_method_types",
        message: "None of the allowed payment method types is available on this account",
      });
    }
    const id = nextId("pi");
    const intent: StandInIntent = {
      id,
      amount,
      currency,
      status: "requires_payment_method",
      refunded: 0,
      metadata: hashParam(params, "metadata"),
      description: params.get("description"),
      allowedMethods: allowed,
      methods,
      clientSecret: `${id}_secret_${randomBytes(12).toString("base64url")}`,
      created: now(),
      paymentMethod: null,
      charge: null,
      lastPaymentError: null,
      nextAction: null,
      returnUrl: null,
      voucher: null,
      canceledAt: null,
      cancellationReason: null,
    };
    intents.set(id, intent);
    emit("payment_intent.created", intent);
    return { status: 200, body: intentJson(intent, expandOf(params)) };
  }

  function retrieve(id: string, params: URLSearchParams, key: StandInRequest["key"]): Reply {
    const intent = intentOf(id);
    if (!intent) return missing("payment_intent", id);
    if (key === "publishable") {
      if (params.get("client_secret") !== intent.clientSecret) return missing("payment_intent", id);
      return { status: 200, body: intentJson(intent, new Set(), "publishable") };
    }
    return { status: 200, body: intentJson(intent, expandOf(params)) };
  }

  function succeed(intent: StandInIntent, method: StandInPaymentMethod) {
    intent.status = "succeeded";
    intent.paymentMethod = method;
    intent.charge = {
      id: nextId("ch"),
      status: "succeeded",
      created: now(),
      paymentMethod: method,
      failure: null,
    };
    charges.set(intent.charge.id, { intentId: intent.id });
    intent.lastPaymentError = null;
    intent.nextAction = null;
    emit("payment_intent.succeeded", intent);
  }

  function fail(
    intent: StandInIntent,
    method: StandInPaymentMethod,
    failure: { type: string; code: string; decline_code?: string; message: string },
    charged: boolean,
  ) {
    intent.status = "requires_payment_method";
    intent.paymentMethod = null;
    intent.nextAction = null;
    if (charged) {
      intent.charge = {
        id: nextId("ch"),
        status: "failed",
        created: now(),
        paymentMethod: method,
        failure: { code: failure.decline_code ?? failure.code, message: failure.message },
      };
      charges.set(intent.charge.id, { intentId: intent.id });
    }
    intent.lastPaymentError = {
      ...failure,
      ...(charged && intent.charge ? { charge: intent.charge.id } : {}),
      payment_method: paymentMethodJson(method),
      payment_method_type: method.type,
    };
    emit("payment_intent.payment_failed", intent);
  }

  function confirm(id: string, params: URLSearchParams, key: StandInRequest["key"]): Reply {
    const intent = intentOf(id);
    if (!intent) return missing("payment_intent", id);
    if (key === "publishable" && params.get("client_secret") !== intent.clientSecret) {
      return missing("payment_intent", id);
    }
    if (!["requires_payment_method", "requires_confirmation", "requires_action"].includes(intent.status)) {
      return unexpectedState(intent);
    }
    const chosen = paymentMethodOf(params);
    if ("error" in chosen) return chosen.error;
    const { method } = chosen;
    if (!intent.methods.includes(method.type)) {
      return error(400, {
        code: "payment_intent_incompatible_payment_method",
        message: `This PaymentIntent does not take ${method.type} (it takes ${intent.methods.join(", ")})`,
      });
    }
    const returnUrl = params.get("return_url");
    const card = method.card ? TEST_CARDS[params.get("payment_method") ?? ""] : undefined;
    const redirects = method.type === "bizum" || method.type === "mb_way" || card?.outcome === "authenticate";
    if (redirects && !returnUrl) {
      return error(400, {
        code: "parameter_missing",
        param: "return_url",
        message: "return_url is required",
      });
    }
    if (method.type === "multibanco" && !method.email) {
      return error(400, {
        code: "parameter_missing",
        param: "payment_method_data[billing_details][email]",
        message: "Multibanco needs the customer's email",
      });
    }
    intent.lastPaymentError = null;
    intent.returnUrl = returnUrl;
    intent.voucher = null;
    const expand = expandOf(params);
    // Stripe.js (publishable key) is answered its own view of the intent, without the metadata.
    const view = key === "publishable" ? "publishable" : "secret";
    if (card && typeof card.outcome === "object") {
      const failure = { type: "card_error", ...card.outcome, message: "Your card was declined." };
      fail(intent, method, failure, true);
      // Stripe answers a declined confirmation with 402 and the intent inside the error.
      return {
        status: 402,
        body: { error: { ...failure, payment_intent: intentJson(intent, expand, view) } },
      };
    }
    if (method.type === "card" && !redirects) {
      succeed(intent, method);
      return { status: 200, body: intentJson(intent, expand, view) };
    }
    intent.status = "requires_action";
    intent.paymentMethod = method;
    if (method.type === "multibanco") {
      const voucher = { entity: "12345", reference: String(100_000_000 + ((counter * 7919) % 900_000_000)) };
      intent.voucher = voucher;
      intent.nextAction = {
        type: "multibanco_display_details",
        multibanco_display_details: {
          ...voucher,
          expires_at: now() + 3 * 24 * 3600,
          hosted_voucher_url: `${base}/stand-in/vouchers/${intent.id}`,
        },
      };
    } else {
      intent.nextAction = {
        type: "redirect_to_url",
        redirect_to_url: { url: `${base}/stand-in/intents/${intent.id}/authorize`, return_url: returnUrl },
      };
    }
    emit("payment_intent.requires_action", intent);
    return { status: 200, body: intentJson(intent, expand, view) };
  }

  function paymentMethodOf(params: URLSearchParams): { method: StandInPaymentMethod } | { error: Reply } {
    const id = params.get("payment_method");
    if (id) {
      const card = TEST_CARDS[id];
      if (!card) return { error: missing("payment_method", id) };
      const method = { id: nextId("pm"), type: "card" as const, email: null, phone: null };
      return { method: { ...method, card: { brand: card.brand, last4: card.last4 } } };
    }
    const type = params.get("payment_method_data[type]");
    if (type === "bizum" || type === "mb_way" || type === "multibanco") {
      const method: StandInPaymentMethod = {
        id: nextId("pm"),
        type,
        card: null,
        email: params.get("payment_method_data[billing_details][email]"),
        phone: params.get("payment_method_data[billing_details][phone]"),
      };
      return { method };
    }
    return {
      error: error(400, {
        code: "parameter_missing",
        param: "payment_method",
        message: "Confirm with a test PaymentMethod (pm_card_…) or payment_method_data[type]",
      }),
    };
  }

  function cancel(id: string, params: URLSearchParams): Reply {
    const intent = intentOf(id);
    if (!intent) return missing("payment_intent", id);
    if (["succeeded", "processing", "canceled"].includes(intent.status)) return unexpectedState(intent);
    intent.status = "canceled";
    intent.canceledAt = now();
    intent.cancellationReason = params.get("cancellation_reason");
    intent.nextAction = null;
    intent.lastPaymentError = null;
    emit("payment_intent.canceled", intent);
    return { status: 200, body: intentJson(intent, expandOf(params)) };
  }

  function refund(params: URLSearchParams): Reply {
    const id = params.get("payment_intent") ?? "";
    const intent = intentOf(id);
    if (!intent) return missing("payment_intent", id);
    if (intent.status !== "succeeded" || !intent.charge) return unexpectedState(intent);
    const amount = Number(params.get("amount") ?? intent.amount - intent.refunded);
    if (intent.refunded >= intent.amount) {
      return error(400, {
        code: "charge_already_refunded",
        message: `Charge ${intent.charge.id} is refunded`,
      });
    }
    if (!Number.isInteger(amount) || amount < 1 || intent.refunded + amount > intent.amount) {
      return error(400, {
        code: "amount_too_large",
        param: "amount",
        message: `Refund of ${amount} is more than the ${intent.amount - intent.refunded} left on the charge`,
      });
    }
    intent.refunded += amount;
    outbox.push(record("charge.refunded", intent.id, chargeJson(intent.charge, intent)));
    return {
      status: 200,
      body: {
        id: nextId("re"),
        object: "refund",
        amount,
        charge: intent.charge.id,
        created: now(),
        currency: intent.currency,
        metadata: {},
        payment_intent: intent.id,
        status: "succeeded",
      },
    };
  }

  function answer(request: StandInRequest): Reply {
    const { method, path, params, key } = request;
    if (!key) return error(401, { message: "You did not provide an API key." });
    const secretOnly = () =>
      key === "secret"
        ? null
        : error(401, { message: "This API call cannot be made with a publishable API key." });
    if (method === "POST" && path === "/v1/payment_intents") return secretOnly() ?? create(params);
    const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (one && method === "GET") return retrieve(one[1] ?? "", params, key);
    const step = /^\/v1\/payment_intents\/([^/]+)\/(confirm|cancel)$/.exec(path);
    if (step && method === "POST") {
      const [, id = "", action] = step;
      return action === "confirm" ? confirm(id, params, key) : (secretOnly() ?? cancel(id, params));
    }
    if (method === "POST" && path === "/v1/refunds") return secretOnly() ?? refund(params);
    const charge = /^\/v1\/charges\/([^/]+)$/.exec(path);
    if (charge && method === "GET") {
      const found = charges.get(charge[1] ?? "");
      const intent = found && intentOf(found.intentId);
      if (!intent?.charge) return secretOnly() ?? missing("charge", charge[1] ?? "");
      return secretOnly() ?? { status: 200, body: chargeJson(intent.charge, intent) };
    }
    return error(404, { message: `Unrecognized request URL (${method}: ${path})` });
  }

  /** Stripe replays a key's first answer; the same key with other parameters is an error. */
  function answerOnce(request: StandInRequest, apiKey: string): Reply {
    if (request.method !== "POST" || !request.idempotencyKey) return answer(request);
    const key = `${apiKey} ${request.idempotencyKey}`;
    const sent = `${request.path}?${[...request.params]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join("&")}`;
    const earlier = replies.get(key);
    if (earlier) {
      if (earlier.request === sent) return earlier.reply;
      return {
        status: 400,
        body: {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with (${request.idempotencyKey})`,
          },
        },
      };
    }
    const reply = answer(request);
    if (reply.status < 500) replies.set(key, { request: sent, reply });
    return reply;
  }

  // ---- The shopper's steps outside the shop ----

  function act(id: string, action: StandInAction): StandInIntent {
    const intent = intentOf(id);
    if (!intent) throw new StandInError(404, `No such payment_intent: '${id}'`);
    const method = intent.paymentMethod;
    const waiting = intent.status === "requires_action" || intent.status === "processing";
    if (!waiting || !method) throw new StandInError(400, `${id} is ${intent.status}: nothing to ${action}`);
    if (action === "approve") {
      succeed(intent, method);
    } else if (action === "process") {
      if (intent.status !== "requires_action") throw new StandInError(400, `${id} is ${intent.status}`);
      intent.status = "processing";
      intent.nextAction = null;
      emit("payment_intent.processing", intent);
    } else if (action === "refuse") {
      if (method.type === "multibanco")
        throw new StandInError(400, "A Multibanco reference is paid or expires");
      const authentication = method.type === "card";
      fail(
        intent,
        method,
        authentication
          ? {
              type: "invalid_request_error",
              code: "payment_intent_authentication_failure",
              message: "The provided PaymentMethod has failed authentication.",
            }
          : {
              type: "invalid_request_error",
              code: "payment_intent_payment_attempt_failed",
              message: "The customer refused the payment.",
            },
        false,
      );
    } else {
      fail(
        intent,
        method,
        {
          type: "invalid_request_error",
          code: "payment_intent_payment_attempt_expired",
          message: "The payment attempt expired.",
        },
        false,
      );
    }
    return intent;
  }

  function actOver(id: string, action: StandInAction, wantsPage: boolean): Reply {
    let intent: StandInIntent;
    try {
      intent = act(id, action);
    } catch (caught) {
      if (caught instanceof StandInError) return error(caught.status, { message: caught.message });
      throw caught;
    }
    const returnUrl = intent.returnUrl ? returnTo(intent) : null;
    if (wantsPage && returnUrl) return { status: 303, body: "", location: returnUrl };
    return { status: 200, body: { id: intent.id, status: intent.status, returnUrl } };
  }

  /** Where Stripe sends the shopper back, with the parameters it adds. */
  function returnTo(intent: StandInIntent): string {
    const url = new URL(intent.returnUrl ?? "");
    url.searchParams.set("payment_intent", intent.id);
    url.searchParams.set("payment_intent_client_secret", intent.clientSecret);
    const redirectStatus: Record<string, string> = { succeeded: "succeeded", processing: "processing" };
    url.searchParams.set("redirect_status", redirectStatus[intent.status] ?? "failed");
    return url.toString();
  }

  function standInPage(method: string, path: string, accept: string): Reply {
    const step = /^\/stand-in\/intents\/([^/]+)\/([a-z]+)$/.exec(path);
    if (step && method === "POST" && ACTIONS.includes(step[2] ?? "")) {
      return actOver(step[1] ?? "", step[2] as StandInAction, accept.includes("text/html"));
    }
    if (step && method === "GET" && step[2] === "authorize") {
      const intent = intentOf(step[1] ?? "");
      if (!intent?.paymentMethod || intent.status !== "requires_action") {
        return page(404, "Nothing to authorize", "<p>This payment is not waiting for the shopper.</p>");
      }
      const kind = intent.paymentMethod.type;
      const title = kind === "card" ? "3-D Secure" : kind === "bizum" ? "Bizum" : "MB WAY";
      const button = (action: string, label: string) =>
        `<form method="post" action="/stand-in/intents/${intent.id}/${action}"><button name="action" value="${action}">${label}</button></form>`;
      return page(
        200,
        `${title} (stand-in)`,
        `<p>${formatEuros(intent.amount)}</p>${button("approve", "Approve")}${button("refuse", "Refuse")}${
          kind === "card" ? "" : button("expire", "Let it time out")
        }`,
      );
    }
    const voucher = /^\/stand-in\/vouchers\/([^/]+)$/.exec(path);
    if (voucher && method === "GET") {
      const intent = intentOf(voucher[1] ?? "");
      const details = intent?.voucher;
      if (!intent || !details) return page(404, "No voucher", "<p>No such Multibanco voucher.</p>");
      return page(
        200,
        "Multibanco (stand-in)",
        `<dl><dt>Entidade</dt><dd>${details.entity}</dd><dt>Referência</dt><dd>${details.reference}</dd><dt>Montante</dt><dd>${formatEuros(intent.amount)}</dd></dl>`,
      );
    }
    return page(404, "Not found", `<p>No ${method} ${escapeHtml(path)}</p>`);
  }

  const server = createServer(async (incoming, response) => {
    try {
      const url = new URL(incoming.url ?? "/", "http://stand-in");
      const method = incoming.method ?? "GET";
      const params = new URLSearchParams(url.search);
      for (const [name, value] of new URLSearchParams(await readBody(incoming))) params.append(name, value);
      if (url.pathname.startsWith("/stand-in/")) {
        const reply = standInPage(method, url.pathname, header(incoming, "accept") ?? "");
        send(response, reply, flush);
        return;
      }
      const apiKey = apiKeyOf(incoming, params);
      const request: StandInRequest = {
        method,
        path: url.pathname,
        idempotencyKey: header(incoming, "idempotency-key"),
        params,
        key: apiKey?.startsWith("sk_") ? "secret" : apiKey?.startsWith("pk_") ? "publishable" : null,
      };
      requests.push(request);
      send(response, answerOnce(request, apiKey ?? ""), flush);
    } catch (caught) {
      outbox = [];
      send(
        response,
        { status: 500, body: { error: { type: "api_error", message: String(caught) } } },
        () => {},
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;

  /** Runs a shopper's step from a test, sending its event at once. */
  const shopperStep = (id: string, action: StandInAction) => {
    try {
      return intentJson(act(id, action));
    } finally {
      flush();
    }
  };

  return {
    url: base,
    requests,
    intents,
    /** Every event made, in order (delivered or not). */
    events,
    webhookSecret,
    /** Where events go from now on: a URL, and how to reach it (global fetch unless given). */
    setWebhook(url: string | null, fetchWith?: (request: Request) => Promise<Response>) {
      webhook = url ? { url, fetch: fetchWith ?? ((request) => fetch(request)) } : null;
    },
    /** Waits until every event made so far has been delivered (or found no one to take it). */
    settled: async () => {
      let last: Promise<unknown>;
      do {
        last = deliveries;
        await last;
      } while (last !== deliveries);
    },
    /** The shopper approves in 3-D Secure or their phone app (also a processing payment arriving). */
    approve: (id: string) => shopperStep(id, "approve"),
    /** The shopper refuses 3-D Secure (authentication failure) or the payment in their app. */
    refuse: (id: string) => shopperStep(id, "refuse"),
    /** The Multibanco reference is paid at an ATM or in home banking. */
    pay: (id: string) => shopperStep(id, "approve"),
    /** The Multibanco reference (or the phone app's request) expires unpaid. */
    expire: (id: string) => shopperStep(id, "expire"),
    /** The payment moves on to "processing" (money on its way, not yet arrived). */
    process: (id: string) => shopperStep(id, "process"),
    /** The intent as the API answers it now, charge and method expanded. */
    intent: (id: string) => {
      const intent = intentOf(id);
      if (!intent) throw new Error(`No such payment_intent: '${id}'`);
      return intentJson(intent, new Set(["latest_charge", "payment_method"]));
    },
    /**
     * Makes, records and delivers a new event about an intent as it is now, with `overrides` put
     * over its `data.object`: to replay a type out of order, or forge a wrong amount or order.
     */
    async sendEvent(
      type: string,
      intentId: string,
      overrides: Record<string, unknown> = {},
      signing: SigningOptions = {},
    ): Promise<Delivery & { event: StandInEvent }> {
      const intent = intentOf(intentId);
      if (!intent) throw new Error(`No such payment_intent: '${intentId}'`);
      const event = record(type, intentId, { ...intentJson(intent), ...overrides });
      return { ...(await post(event, signing)), event };
    },
    /** Delivers an event made earlier again (signed afresh), as Stripe's retries do. */
    async deliver(eventId: string, signing: SigningOptions = {}): Promise<Delivery> {
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`No such event: '${eventId}'`);
      return post(event, signing);
    },
    close: async () => {
      await deliveries;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

class StandInError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** `name[0]=a&name[1]=b` (the `stripe` package) or `name[]=a` (Stripe.js) as a list. */
function listParam(params: URLSearchParams, name: string): string[] {
  const pattern = new RegExp(`^${name}\\[\\d*\\]$`);
  return [...params].filter(([key]) => pattern.test(key)).map(([, value]) => value);
}

/** `name[key]=value` pairs as an object. */
function hashParam(params: URLSearchParams, name: string): Record<string, string> {
  const pattern = new RegExp(`^${name}\\[([^\\]]+)\\]$`);
  const found: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = pattern.exec(key);
    if (match?.[1]) found[match[1]] = value;
  }
  return found;
}

/** The secret key of the `stripe` package (Bearer), or Stripe.js's publishable key (`key=`). */
function apiKeyOf(request: IncomingMessage, params: URLSearchParams): string | null {
  const bearer = /^Bearer (.+)$/.exec(header(request, "authorization") ?? "")?.[1];
  return bearer ?? params.get("key");
}

function send(response: ServerResponse, reply: Reply, then: () => void) {
  const headers: Record<string, string> = {
    "content-type": reply.contentType ?? "application/json",
    ...(reply.location ? { location: reply.location } : {}),
  };
  response.writeHead(reply.status, headers);
  response.end(typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body), then);
}

function page(status: number, title: string, body: string): Reply {
  return {
    status,
    contentType: "text/html; charset=utf-8",
    body: `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1>${body}</html>`,
  };
}

const formatEuros = (cents: number) => `${decimalPrice(cents)} €`;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
}
