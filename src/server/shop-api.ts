import type { Hono } from "hono";
import type { BlankEnv, ExtractSchema, MergeSchemaPath } from "hono/types";
import type { createApi } from "./app.ts";
import type { testProviderRoutes } from "./payments/test-provider.routes.ts";

/**
 * The API's routes as one type (every path, method, input and answer), for the web's typed client
 * (`hc<ShopApi>` in web/lib/api-client.ts, decision 039): the only module of the server the web
 * may import, and only its type. The built-in payment provider's routes are mounted only when it
 * takes the payments (not in the chain), so they are added here as `createApi` mounts them.
 */
export type ShopApi = Hono<
  BlankEnv,
  | ExtractSchema<ReturnType<typeof createApi>>
  | MergeSchemaPath<ExtractSchema<ReturnType<typeof testProviderRoutes>>, "/payments/test">
>;
