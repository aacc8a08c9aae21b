import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What is known of the request being answered, wherever its work goes (awaits, callbacks): its
 * id, and the route that answered it once one has (for the metrics).
 */
export type RequestContext = { readonly id: string; route?: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` as the request's: every log line it writes carries its id (issue 31). */
export function inRequest<Result>(context: RequestContext, work: () => Result): Result {
  return storage.run(context, work);
}

/** The request being answered, if any (a job or the start-up has none). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
