import { z } from "zod";
import { isValidPhone } from "../phone.ts";
import { textField } from "./text-fields.ts";

/** A real date in the past, within a human lifetime; empty means not given. */
export function isValidBirthDate(value: string, today = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  const oldest = new Date(today);
  oldest.setUTCFullYear(today.getUTCFullYear() - 120);
  return date < today && date > oldest;
}

export const personalDataSchema = z.object({
  name: textField(80, "name-required"),
  lastName: textField(120, "last-name-required"),
  phone: z
    .string()
    .trim()
    .max(20)
    .refine((value) => value === "" || isValidPhone(value), "phone-invalid"),
  birthDate: z.string().refine((value) => value === "" || isValidBirthDate(value), "birth-date-invalid"),
});
export type PersonalDataForm = z.infer<typeof personalDataSchema>;

export type PersonalDataView = PersonalDataForm & { email: string };
