import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AddressForm } from "#shared/api/address-contract.ts";
import { type Database, namedStatement, type Transaction } from "../db/client.ts";
import { address, cartLine } from "../db/schema.ts";

const value = sql.placeholder;

const inputsSchema = z.object({
  rows: z.tuple([
    z.object({
      cart: z.array(z.object({ productId: z.number().int(), quantity: z.number().int() })),
      destination: z
        .object({
          name: z.string(),
          lastName: z.string(),
          street: z.string(),
          floorDoor: z.string(),
          postalCode: z.string(),
          city: z.string(),
          country: z.enum(["ES", "PT"]),
          region: z.string(),
          phone: z.string(),
        })
        .nullable(),
    }),
  ]),
});

/**
 * What a checkout is priced from, in one statement: the cart's lines in the order they were
 * added, and the shopper's chosen address (null when it is not theirs). A checkout cycle asks for
 * them three times (the quote, the order's first look, and again in its transaction).
 */
const inputs = namedStatement<{ userId: string; addressId: string }>(
  "checkout-inputs",
  sql`
  select
    (select coalesce(
        json_agg(json_build_object('productId', ${cartLine.productId}, 'quantity', ${cartLine.quantity})
          order by ${cartLine.addedAt}, ${cartLine.productId}),
        '[]')
      from ${cartLine} where ${cartLine.userId} = ${value("userId")}) as cart,
    (select json_build_object(
        'name', ${address.name}, 'lastName', ${address.lastName}, 'street', ${address.street},
        'floorDoor', ${address.floorDoor}, 'postalCode', ${address.postalCode}, 'city', ${address.city},
        'country', ${address.country}, 'region', ${address.region}, 'phone', ${address.phone})
      from ${address} where ${address.userId} = ${value("userId")} and ${address.id} = ${value("addressId")})
      as destination`,
);

export type CheckoutInputs = {
  cart: { productId: number; quantity: number }[];
  destination: AddressForm | null;
};

export async function readCheckoutInputs(
  db: Database | Transaction,
  userId: string,
  addressId: string,
): Promise<CheckoutInputs> {
  const [row] = inputsSchema.parse(await inputs(db, { userId, addressId })).rows;
  return row;
}
