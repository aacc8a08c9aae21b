import { createServer, type IncomingMessage } from "node:http";

export type StandInRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: URLSearchParams;
};

/** The test cards' outcomes, as Stripe's test mode answers them. */
const declines: Record<string, { code: string; decline_code: string }> = {
  "4000000000000002": { code: "card_declined", decline_code: "generic_decline" },
  "4000000000009995": { code: "card_declined", decline_code: "insufficient_funds" },
  "4000000000000119": { code: "processing_error", decline_code: "processing_error" },
};

/** A PaymentIntent as the stand-in keeps it: what was held, taken and given back. */
export type StandInIntent = {
  amount: number;
  status: "requires_capture" | "succeeded" | "canceled";
  refunded: number;
};

const unexpectedState = (id: string, status: string) => ({
  status: 400,
  body: {
    error: {
      type: "invalid_request_error",
      code: "payment_intent_unexpected_state",
      message: `This PaymentIntent (${id}) has a status of ${status}.`,
    },
  },
});

/**
 * A local stand-in for the Stripe API endpoints the shop calls (payment methods, payment intents,
 * capture, cancel, refunds), answering like Stripe's test mode: replaying idempotent requests, and
 * refusing a step from the wrong state (capturing twice, capturing a cancelled hold, refunding
 * more than was taken), so tests can count what really moved.
 */
export async function startStripeStandIn() {
  const requests: StandInRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const cards = new Map<string, string>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_standin${++counter}`;

  function answer(request: StandInRequest): { status: number; body: unknown } {
    const { path, params } = request;
    if (path === "/v1/payment_methods") {
      const id = nextId("pm");
      const number = params.get("card[number]") ?? "";
      cards.set(id, number);
      return { status: 200, body: { id, object: "payment_method", card: { last4: number.slice(-4) } } };
    }
    if (path === "/v1/payment_intents") {
      const decline = declines[cards.get(params.get("payment_method") ?? "") ?? ""];
      if (decline)
        return { status: 402, body: { error: { type: "card_error", message: "Declined", ...decline } } };
      const amount = Number(params.get("amount"));
      const id = nextId("pi");
      intents.set(id, { amount, status: "requires_capture", refunded: 0 });
      return { status: 200, body: { id, object: "payment_intent", status: "requires_capture", amount } };
    }
    const step = /^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/.exec(path);
    if (step) {
      const [, id = "", action] = step;
      const intent = intents.get(id);
      if (!intent)
        return { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing" } } };
      if (intent.status !== "requires_capture") return unexpectedState(id, intent.status);
      intent.status = action === "capture" ? "succeeded" : "canceled";
      return { status: 200, body: { id, object: "payment_intent", status: intent.status } };
    }
    if (path === "/v1/refunds") {
      const id = params.get("payment_intent") ?? "";
      const intent = intents.get(id);
      const amount = Number(params.get("amount") ?? intent?.amount);
      if (intent?.status !== "succeeded") return unexpectedState(id, intent?.status ?? "missing");
      if (intent.refunded + amount > intent.amount)
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", code: "charge_already_refunded" } },
        };
      intent.refunded += amount;
      return { status: 200, body: { id: nextId("re"), object: "refund", status: "succeeded" } };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `No ${path}` } } };
  }

  const server = createServer(async (incoming, response) => {
    const request: StandInRequest = {
      method: incoming.method ?? "GET",
      path: new URL(incoming.url ?? "/", "http://stand-in").pathname,
      idempotencyKey: header(incoming, "idempotency-key"),
      params: new URLSearchParams(await readBody(incoming)),
    };
    requests.push(request);
    const key = request.idempotencyKey && `${request.path} ${request.idempotencyKey}`;
    const reply = (key && replies.get(key)) || answer(request);
    if (key) replies.set(key, reply);
    response.writeHead(reply.status, { "content-type": "application/json" });
    response.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
}
