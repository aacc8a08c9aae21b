import { data } from "react-router";

export type NotFoundKind = "product" | "category" | "page";

/** Thrown by loaders: the server answers 404 and the route shows a friendly dead end. */
export function notFound(kind: NotFoundKind): never {
  throw data({ kind }, { status: 404 });
}
