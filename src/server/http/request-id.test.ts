import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createLogger } from "../logger.ts";
import { type ProxyTrust, parseProxyTrust } from "./client-address.ts";
import { type FastPath, frontDoor } from "./front-door.ts";

const lineSchema = z.looseObject({ msg: z.string(), reqId: z.string().optional() });

/** A logger whose lines the test reads. */
function collectedLogger() {
  const lines: z.infer<typeof lineSchema>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString("utf8").split("\n").filter(Boolean))
        lines.push(lineSchema.parse(JSON.parse(text)));
      done();
    },
  });
  return { logger: createLogger({ LOG_LEVEL: "info" }, {}, sink), lines };
}

function trust(setting: string): ProxyTrust {
  const parsed = parseProxyTrust(setting);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
}

describe("the request id (issue 31)", () => {
  const { logger, lines } = collectedLogger();
  // A route that logs before and after waiting, while other requests are answered.
  const app = new Hono().get("/work/:name", async (c) => {
    logger.info({ name: c.req.param("name") }, "started");
    await new Promise((resolve) => setTimeout(resolve, 20));
    logger.info({ name: c.req.param("name") }, "finished");
    return c.text("done");
  });
  // An answer sent before the app, as the hot writes and kept pages are.
  const fast: FastPath = (request, response) => {
    if (request.url !== "/fast") return false;
    logger.info("fast answer");
    response.writeHead(200, ["content-type", "text/plain"]).end("fast");
    return true;
  };
  const servers: Server[] = [];
  const start = async (proxyTrust: ProxyTrust) => {
    const server = createServer(frontDoor({ fastPaths: [fast], app, proxyTrust }));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  let direct = "";
  let proxied = "";
  beforeAll(async () => {
    direct = await start(trust(""));
    proxied = await start(trust("127.0.0.1"));
  });
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  it("is in the answer and in every log line of that request, and only that request's", async () => {
    const answers = await Promise.all(["a", "b", "c"].map((name) => fetch(`${direct}/work/${name}`)));
    for (const [index, answer] of answers.entries()) {
      const id = answer.headers.get("x-request-id") ?? "";
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const name = ["a", "b", "c"][index];
      const mine = lines.filter((line) => line.name === name);
      expect(mine.map((line) => line.msg)).toEqual(["started", "finished"]);
      expect(mine.every((line) => line.reqId === id)).toBe(true);
    }
    expect(new Set(answers.map((answer) => answer.headers.get("x-request-id"))).size).toBe(3);
  });

  it("is given to answers sent before the app too", async () => {
    const answer = await fetch(`${direct}/fast`);
    expect(await answer.text()).toBe("fast");
    const id = answer.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.find((line) => line.msg === "fast answer")?.reqId).toBe(id);
  });

  it("is the trusted proxy's when it gives one, never a stranger's nor a malformed one", async () => {
    const given = { "x-request-id": "nginx-5f1c2a9e" };
    expect((await fetch(`${proxied}/work/p`, { headers: given })).headers.get("x-request-id")).toBe(
      "nginx-5f1c2a9e",
    );
    expect((await fetch(`${direct}/work/q`, { headers: given })).headers.get("x-request-id")).not.toBe(
      "nginx-5f1c2a9e",
    );
    const odd = await fetch(`${proxied}/work/r`, { headers: { "x-request-id": "a b\tc" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is on no line written outside a request", () => {
    logger.info("between requests");
    expect(lines.find((line) => line.msg === "between requests")?.reqId).toBeUndefined();
  });
});
