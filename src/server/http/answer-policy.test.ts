import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { appMiddleware, createAnswerPolicy } from "./answer-policy.ts";
import { inlineSources } from "./content-security.ts";
import { createOriginPolicy } from "./origin-policy.ts";

const policy = await createAnswerPolicy({
  inline: inlineSources(null),
  thirdParties: { stripe: false },
  origins: createOriginPolicy({ publicUrl: "http://localhost:3000", port: 3000 }),
  logger: createLogger({ LOG_LEVEL: "silent" }),
});

describe("the answer policy", () => {
  it("holds the security headers as values, once", () => {
    expect(policy.headers).toMatchObject({
      "referrer-policy": "same-origin",
      "x-content-type-options": "nosniff",
      "x-frame-options": "SAMEORIGIN",
    });
    expect(policy.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(policy.headers["cross-origin-embedder-policy"]).toBeUndefined();
  });

  it("puts them on every answer of the app, over a route's own, as Hono's secureHeaders did", async () => {
    const app = new Hono();
    app.use(...appMiddleware(policy));
    app.get("/", (c) => c.text("hola", 200, { "x-frame-options": "ALLOW", "x-powered-by": "PHP" }));
    const answer = await app.request("/");
    for (const [name, value] of Object.entries(policy.headers))
      expect(answer.headers.get(name), name).toBe(value);
    expect(answer.headers.get("x-powered-by")).toBeNull();
    expect(await answer.text()).toBe("hola");
  });
});
