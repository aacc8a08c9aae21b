import { z } from "zod";
import { formQueryField, listPageSchema, listSearchSchema } from "./list-query.ts";
import { orderStatuses } from "./order-contract.ts";

/** How many customers a page of the list shows (issue 30). */
export const customerPageSizes = [25, 50, 100] as const;

/**
 * `GET /api/gestion/customers?q=&page=&pageSize=`: the shop's accounts, newest first. `q` is the
 * start of an e-mail, a name, a last name or a phone (its digits, with or without +34 / +351),
 * case and accents aside, as the order search reads it.
 */
export const customerListQuerySchema = z.object({
  q: listSearchSchema,
  page: listPageSchema,
  pageSize: formQueryField(z.coerce.number().pipe(z.literal(customerPageSizes))).transform(
    (size) => size ?? 25,
  ),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

export const customerRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: z.iso.datetime(),
  /** Orders that were paid (numbered), whatever became of them since. */
  orders: z.number().int().min(0),
  /** Subscribed and confirmed (double opt-in): newsletters go to their address. */
  newsletter: z.boolean(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const customerListSchema = z.object({
  items: z.array(customerRowSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.literal(customerPageSizes),
});
export type CustomerList = z.infer<typeof customerListSchema>;

/** A customer's id in a path: better-auth's ids (letters, digits, and a few marks). */
export const customerIdParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, "id-invalid"),
});

/** none: not on the list; pending: asked, the mailed link not followed; confirmed: receives it. */
export const newsletterStates = ["none", "pending", "confirmed"] as const;
export const customerNewsletterSchema = z.object({
  state: z.enum(newsletterStates),
  since: z.iso.datetime().nullable(),
});

const addressSchema = z.object({
  name: z.string(),
  lastName: z.string(),
  street: z.string(),
  floorDoor: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.enum(["ES", "PT"]),
  region: z.string(),
  phone: z.string(),
});

export const customerOrderSchema = z.object({
  /** Null until paid: such an order has no page in the back office. */
  number: z.string().nullable(),
  placedAt: z.iso.datetime(),
  status: z.enum(orderStatuses),
  totalCents: z.number().int(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

/** One thing staff did to this customer (export, erasure), as the audit keeps it. */
export const customerAuditEntrySchema = z.object({
  at: z.iso.datetime(),
  actor: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  note: z.string(),
});

/** `GET /api/gestion/customers/:id`: the customer's page. */
export const customerDetailSchema = z.object({
  profile: z.object({
    id: z.string(),
    name: z.string(),
    lastName: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    createdAt: z.iso.datetime(),
    phone: z.string(),
    /** `credential` (a password), `google`, `apple`, `passkey`: the ways this account signs in. */
    signInMethods: z.array(z.string()),
  }),
  addresses: z.array(addressSchema.extend({ isDefault: z.boolean() })),
  orders: z.array(customerOrderSchema),
  newsletter: customerNewsletterSchema,
  history: z.array(customerAuditEntrySchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/**
 * The customer's data as one JSON document (the GDPR's right of access): what the shop keeps of
 * them and since when. The account's secrets (password hashes, tokens, passkeys' keys) are not data
 * about the person and are left out.
 */
export const customerDataExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  account: z.object({
    id: z.string(),
    name: z.string(),
    lastName: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    createdAt: z.iso.datetime(),
    signInMethods: z.array(z.string()),
    passkeys: z.array(z.object({ name: z.string().nullable(), createdAt: z.iso.datetime().nullable() })),
  }),
  personalData: z.object({ phone: z.string(), birthDate: z.string() }),
  addresses: z.array(addressSchema.extend({ isDefault: z.boolean(), createdAt: z.iso.datetime() })),
  cart: z.array(
    z.object({ productId: z.number().int(), quantity: z.number().int(), addedAt: z.iso.datetime() }),
  ),
  wishlist: z.array(z.object({ productId: z.number().int(), addedAt: z.iso.datetime() })),
  orders: z.array(
    customerOrderSchema.extend({
      buyer: z.record(z.string(), z.unknown()),
      address: z.record(z.string(), z.unknown()),
      lines: z.array(
        z.object({
          code: z.string(),
          name: z.string(),
          quantity: z.number().int(),
          unitCents: z.number().int(),
          totalCents: z.number().int(),
        }),
      ),
      invoices: z.array(z.object({ kind: z.enum(["invoice", "credit-note"]), number: z.string() })),
    }),
  ),
  newsletter: customerNewsletterSchema,
  /** «Avísame cuando vuelva» (issue 33): the products their address waits for, or was told of. */
  backInStock: z.array(
    z.object({
      productId: z.number().int(),
      createdAt: z.iso.datetime(),
      notifiedAt: z.iso.datetime().nullable(),
    }),
  ),
  /** The reviews written from their orders (issue 33), whatever their moderation. */
  reviews: z.array(
    z.object({
      productId: z.number().int(),
      authorName: z.string(),
      rating: z.number().int(),
      text: z.string(),
      status: z.enum(["pending", "approved", "rejected"]),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type CustomerDataExport = z.infer<typeof customerDataExportSchema>;

/**
 * `POST /api/gestion/customers/:id/erase`: the customer's e-mail typed again, so an erasure is
 * never one click on the wrong row. Compared case aside.
 */
export const customerEraseSchema = z
  .object({ confirmEmail: z.string().trim().toLowerCase().min(1, "confirm-required").max(254) })
  .strict();
export type CustomerEraseRequest = z.infer<typeof customerEraseSchema>;

/** What an erasure removed and kept, in outline (counts, never the data itself). */
export const erasureOutlineSchema = z.object({
  sessions: z.number().int(),
  signInMethods: z.array(z.string()),
  addresses: z.number().int(),
  cartLines: z.number().int(),
  wishlistItems: z.number().int(),
  personalData: z.boolean(),
  newsletter: z.boolean(),
  /** Orders kept for the invoices (tax law), no longer linked to anyone. */
  ordersKept: z.number().int(),
});
export type ErasureOutline = z.infer<typeof erasureOutlineSchema>;

export const customerErasedSchema = z.object({ erased: z.literal(true), outline: erasureOutlineSchema });
