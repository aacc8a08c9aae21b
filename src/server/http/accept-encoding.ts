import { parseAccept } from "hono/utils/accept";

/**
 * The encoding an answer goes in for this Accept-Encoding header, by Hono's compressor's own rule
 * (which does not export it): gzip or deflate, the higher weight first and gzip on a tie, `*`
 * standing for any not named; none when neither is taken.
 */
export function chosenEncoding(header: string | undefined): "gzip" | "deflate" | undefined {
  if (header === undefined) return undefined;
  const accepts = parseAccept(header);
  const anyWeight = accepts.find((accept) => accept.type === "*")?.q;
  let best: { encoding: "gzip" | "deflate"; q: number } | undefined;
  for (const encoding of ["gzip", "deflate"] as const) {
    const named = accepts.find((accept) => accept.type.toLowerCase() === encoding);
    const q = named ? named.q : (anyWeight ?? 0);
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}
