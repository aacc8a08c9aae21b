import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

type Kept = { status: number; head: Record<string, string>; body: Buffer };

/**
 * The floor of a page's first paint (issue 13): the same page with every `<script>` (the loader,
 * the boot data, JSON-LD) and every `modulepreload` taken out, everything else as the shop sends
 * it. A proxy in front of the shop that keeps every answer in memory once fetched (`warm` fetches
 * a page and everything its HTML names beforehand), so that it answers as fast as the shop, whose
 * answer times Lighthouse's simulation takes into account: pages stripped once, text gzipped
 * once, pictures passed as they are.
 */
export async function startScriptFreeProxy(shopUrl: string): Promise<{
  baseUrl: string;
  /** Fetches the pages and every same-site file their HTML refers to, before they are measured. */
  warm(paths: readonly string[]): Promise<void>;
  close(): Promise<void>;
}> {
  const kept = new Map<string, Promise<Kept>>();
  const fetchKept = (path: string) => {
    let answer = kept.get(path);
    if (!answer) {
      answer = fetchStripped(shopUrl, path);
      kept.set(path, answer);
    }
    return answer;
  };
  const server: Server = createServer((request, response) => {
    fetchKept(request.url ?? "/").then(
      ({ status, head, body }) => {
        response.writeHead(status, head);
        response.end(body);
      },
      (error: unknown) => {
        response.writeHead(502, { "content-type": "text/plain" });
        response.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async warm(paths) {
      for (const path of paths) {
        const html = await (await fetch(`${shopUrl}${path}`)).text();
        const named = [...html.matchAll(/(?:src|href)="(\/[^"]*)"/g)].map((match) => match[1] ?? "");
        await Promise.all([path, ...named].map(fetchKept));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** One answer of the shop, a page without its scripts and gzipped (every browser takes gzip). */
async function fetchStripped(shopUrl: string, path: string): Promise<Kept> {
  const upstream = await fetch(`${shopUrl}${path}`, {
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
  if (type.startsWith("text/html")) body = Buffer.from(withoutScripts(body.toString("utf8")));
  // Text goes compressed, as the shop sends it (fetch has undone the shop's own compression).
  if (/^(text\/|application\/(json|javascript)|image\/svg)/.test(type)) {
    body = gzipSync(body, { level: 9 });
    head["content-encoding"] = "gzip";
  }
  head["content-length"] = String(body.byteLength);
  return { status: upstream.status, head, body };
}

export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}
