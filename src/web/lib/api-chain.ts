import { fieldOf } from "#shared/api/error-contract.ts";
import type { Fetcher } from "./query-client.ts";

/**
 * What Hono's client (`hc`) does at run time, as far as the shop uses it: a chain of properties
 * names the path (`api.cart[":id"]`), and `$get`, `$post`, `$put` or `$delete` sends it with the
 * route's `param`, `query` and `json` (and `init`, last, as hc does). A few hundred bytes instead
 * of hc's 2 KB gzip, which the first view's budget cannot spare; `api-client.ts` gives it hc's
 * types, and `api-client.types.test.ts` checks the requests it makes (decision 039).
 */
export function callChain(fetcher: Fetcher, path: string[]): unknown {
  return new Proxy(() => undefined, {
    // Not a promise: `await` on a chain must not look for `then`.
    get: (_target, key) =>
      typeof key === "string" && key !== "then" ? callChain(fetcher, [...path, key]) : undefined,
    apply: (_target, _this, [args, options]: unknown[]) =>
      send(fetcher, path, args, fieldOf(options, "init")),
  });
}

function send(fetcher: Fetcher, chain: string[], args: unknown, init: unknown): Promise<Response> {
  const method = (chain.at(-1) ?? "").replace(/^\$/, "").toUpperCase();
  const params = fieldOf(args, "param");
  const address = chain
    .slice(0, -1)
    .map((part) => (part.startsWith(":") ? String(fieldOf(params, part.slice(1)) ?? part) : part))
    .join("/");
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(objectOr(fieldOf(args, "query")))) {
    for (const one of [value].flat()) if (one !== undefined) search.append(name, String(one));
  }
  const json = fieldOf(args, "json");
  const query = search.toString();
  return fetcher(query ? `${address}?${query}` : address, {
    method,
    headers: {
      accept: "application/json",
      ...(json !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    ...objectOr(init),
  });
}

const objectOr = (value: unknown): object => (typeof value === "object" && value !== null ? value : {});
