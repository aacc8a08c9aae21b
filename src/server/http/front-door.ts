import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";

/** An answer sent before the framework: true when it took the request, false to pass it on. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The shop's one front door (decision 040): every request enters here, on Node's own request.
 * The fast paths are tried in turn (the hot writes, then the kept pages), each taking only what
 * it answers exactly as the app would, by the same declarations and the same answer policy
 * (`answer-policy.ts`); anything else goes to the Hono app.
 */
export function frontDoor({
  fastPaths,
  app,
}: {
  fastPaths: readonly FastPath[];
  app: { fetch: Parameters<typeof getRequestListener>[0] };
}): RequestListener {
  const appListener = getRequestListener(app.fetch);
  return (request, response) => {
    for (let index = 0; index < fastPaths.length; index++) if (fastPaths[index]?.(request, response)) return;
    void appListener(request, response);
  };
}
