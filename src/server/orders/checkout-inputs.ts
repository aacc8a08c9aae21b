import { sql } from "drizzle-orm";
import { createSelectSchema } from "drizzle-zod";
import { z } from "zod";
import type { AddressForm } from "#shared/api/address-contract.ts";
import { type Database, namedStatement, type Transaction } from "../db/client.ts";
import { address, cartLine, productStock, shopOrder } from "../db/schema.ts";

const value = sql.placeholder;

/** A cart line with its product's stock, as the statement's JSON names it: by the schema's keys. */
const cartLineSchema = createSelectSchema(cartLine)
  .pick({ productId: true, quantity: true })
  .extend({ available: createSelectSchema(productStock).shape.available });

/** The address an order goes to, as the statement's JSON names it: by the schema's keys. */
const destinationSchema = createSelectSchema(address).pick({
  name: true,
  lastName: true,
  street: true,
  floorDoor: true,
  postalCode: true,
  city: true,
  country: true,
  region: true,
  phone: true,
});

const inputsSchema = z.object({
  rows: z.tuple([
    z.object({
      cart: z.array(cartLineSchema),
      destination: destinationSchema.nullable(),
      placed: z.string().nullable(),
    }),
  ]),
});

/**
 * What a checkout is priced from, in one statement: the cart's lines in the order they were
 * added with the stock each has, the shopper's chosen address (null when it is not theirs), and
 * the order already placed with this checkout's idempotency key, if any (null for a quote). A
 * checkout cycle asks for them three times (the quote, the order's first look, and again in its
 * transaction).
 */
const inputs = namedStatement<{ userId: string; addressId: string; idempotencyKey: string | null }>(
  "checkout-inputs",
  sql`
  select
    (select coalesce(
        json_agg(json_build_object(
            'productId', ${cartLine.productId}, 'quantity', ${cartLine.quantity},
            'available', coalesce(${productStock.available}, 0))
          order by ${cartLine.addedAt}, ${cartLine.productId}),
        '[]')
      from ${cartLine} left join ${productStock} on ${productStock.productId} = ${cartLine.productId}
      where ${cartLine.userId} = ${value("userId")}) as cart,
    (select json_build_object(
        'name', ${address.name}, 'lastName', ${address.lastName}, 'street', ${address.street},
        'floorDoor', ${address.floorDoor}, 'postalCode', ${address.postalCode}, 'city', ${address.city},
        'country', ${address.country}, 'region', ${address.region}, 'phone', ${address.phone})
      from ${address} where ${address.userId} = ${value("userId")} and ${address.id} = ${value("addressId")})
      as destination,
    (select ${shopOrder.id}::text from ${shopOrder}
      where ${shopOrder.userId} = ${value("userId")} and ${shopOrder.idempotencyKey} = ${value("idempotencyKey")}::text)
      as placed`,
);

export type CheckoutInputs = {
  /** `available`: the product's stock as this statement saw it (no lock is taken). */
  cart: z.infer<typeof cartLineSchema>[];
  destination: AddressForm | null;
  /** The id of the order this idempotency key already placed. */
  placed: string | null;
};

export async function readCheckoutInputs(
  db: Database | Transaction,
  userId: string,
  addressId: string,
  idempotencyKey: string | null = null,
): Promise<CheckoutInputs> {
  const [row] = inputsSchema.parse(await inputs(db, { userId, addressId, idempotencyKey })).rows;
  return row;
}
