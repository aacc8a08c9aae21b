import { z } from "zod";
import { isPostalCodeOf } from "../address/postal-code.ts";
import { countries, regionName } from "../address/regions.ts";
import { isValidPhone } from "../phone.ts";
import { textField } from "./text-fields.ts";

/** Enough for home, work, grandparents and friends; a guard against filling the table. */
export const ADDRESS_LIMIT = 20;

/** A delivery address as the shopper types it (spec §3 direcciones); the server checks it again. */
export const addressSchema = z
  .object({
    name: textField(80, "name-required"),
    lastName: textField(120, "last-name-required"),
    street: textField(160, "street-required"),
    floorDoor: textField(40),
    postalCode: z.string().trim().max(10),
    city: textField(80, "city-required"),
    country: z.enum(countries),
    region: z.string().trim().max(2),
    phone: textField(20, "phone-required"),
  })
  .superRefine((address, context) => {
    const issue = (path: keyof typeof address, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (!regionName(address.country, address.region)) {
      issue("region", "region-required");
    } else if (!isPostalCodeOf(address.country, address.region, address.postalCode)) {
      const wellFormed = address.country === "ES" ? /^\d{5}$/ : /^\d{4}-\d{3}$/;
      issue(
        "postalCode",
        wellFormed.test(address.postalCode) ? "postal-code-region" : `postal-code-format-${address.country}`,
      );
    }
    if (address.phone !== "" && !isValidPhone(address.phone, address.country))
      issue("phone", "phone-invalid");
  });
export type AddressForm = z.infer<typeof addressSchema>;

export const addressIdParamSchema = z.object({ id: z.uuid() });

export type AddressView = AddressForm & { id: string; isDefault: boolean };

/** The shopper's addresses, the default one first. */
export type AddressesView = { items: AddressView[] };
