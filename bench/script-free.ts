import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

/**
 * The floor of a page's first paint (issue 13): the same page with every `<script>` (the loader,
 * the boot data, JSON-LD) and every `modulepreload` taken out, everything else as the shop sends
 * it. A proxy in front of the shop: pages are stripped and gzipped again, other files pass.
 */
export async function startScriptFreeProxy(
  shopUrl: string,
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(`${shopUrl}${request.url ?? "/"}`, {
        headers: { "accept-encoding": "identity" },
        redirect: "manual",
      });
      const type = upstream.headers.get("content-type") ?? "application/octet-stream";
      const head: Record<string, string> = { "content-type": type };
      for (const name of ["cache-control", "location", "etag"]) {
        const value = upstream.headers.get(name);
        if (value) head[name] = value;
      }
      let body = Buffer.from(await upstream.arrayBuffer());
      if (type.startsWith("text/html")) {
        body = Buffer.from(withoutScripts(body.toString("utf8")));
        if (/\bgzip\b/.test(request.headers["accept-encoding"] ?? "")) {
          body = gzipSync(body);
          head["content-encoding"] = "gzip";
        }
      }
      head["content-length"] = String(body.byteLength);
      response.writeHead(upstream.status, head);
      response.end(body);
    })().catch((error: unknown) => {
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}
