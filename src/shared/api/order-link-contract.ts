import { z } from "zod";
import type { OrderView } from "./order-contract.ts";

/** The query field of an order mail's signed link (`/pedido/{id}?clave=…`, decision 032). */
export const ORDER_LINK_PARAM = "clave";

/** `?clave=` as the API takes it: a token of the right shape is checked, anything else refused. */
export const orderLinkQuerySchema = z.object({ [ORDER_LINK_PARAM]: z.string().min(1).max(200) });

/**
 * What the signed link shows: the order, read-only, and whether it is a guest's (who may ask for
 * their data to be erased there, and is invited to create an account).
 */
export type OrderLinkView = { order: OrderView; guest: boolean };

/** The link's refusals, each with its own message on the page. */
export const orderLinkErrors = ["order-link-invalid", "order-link-expired", "order-not-found"] as const;
export type OrderLinkError = (typeof orderLinkErrors)[number];
