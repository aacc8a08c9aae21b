import { describe, expect, it } from "vitest";
import { type AddressForm, addressSchema } from "./address-contract.ts";

const madrid: AddressForm = {
  name: "Ana",
  lastName: "García López",
  street: "Calle de Alcalá 12",
  floorDoor: "3º B",
  postalCode: "28013",
  city: "Madrid",
  country: "ES",
  region: "28",
  phone: "612 345 678",
};

function firstError(address: AddressForm): { path: string; message: string } | undefined {
  const issue = addressSchema.safeParse(address).error?.issues[0];
  return issue && { path: issue.path.join("."), message: issue.message };
}

describe("address rules", () => {
  it("refuses control characters in what is printed on labels and invoices", () => {
    expect(firstError({ ...madrid, city: "Madrid\u001b[2J" })).toEqual({
      path: "city",
      message: "text-invalid",
    });
    expect(firstError({ ...madrid, name: "Ana\u202e" })).toEqual({ path: "name", message: "text-invalid" });
    expect(firstError({ ...madrid, floorDoor: "3º\u0000" })).toEqual({
      path: "floorDoor",
      message: "text-invalid",
    });
  });

  it("accepts a complete Spanish address", () => {
    expect(firstError(madrid)).toBeUndefined();
  });

  it("wants the postal code of the chosen province", () => {
    expect(firstError({ ...madrid, postalCode: "08001" })).toEqual({
      path: "postalCode",
      message: "postal-code-region",
    });
    expect(firstError({ ...madrid, postalCode: "2801" })?.message).toBe("postal-code-format-ES");
    expect(firstError({ ...madrid, region: "53" })).toEqual({ path: "region", message: "region-required" });
  });

  const lisbon: AddressForm = {
    ...madrid,
    street: "Rua Augusta 100",
    postalCode: "1100-053",
    city: "Lisboa",
    country: "PT",
    region: "11",
    phone: "212 345 678",
  };

  it("accepts a Portuguese address with NNNN-NNN and a Portuguese phone", () => {
    expect(firstError(lisbon)).toBeUndefined();
    expect(firstError({ ...lisbon, postalCode: "1100053" })?.message).toBe("postal-code-format-PT");
  });

  it("keeps island postal codes on the islands", () => {
    expect(firstError({ ...lisbon, region: "30", postalCode: "9000-018", city: "Funchal" })).toBeUndefined();
    expect(firstError({ ...lisbon, region: "20", postalCode: "9500-150" })).toBeUndefined();
    expect(firstError({ ...lisbon, region: "30", postalCode: "9500-150" })?.message).toBe(
      "postal-code-region",
    );
    expect(firstError({ ...lisbon, region: "11", postalCode: "9000-018" })?.message).toBe(
      "postal-code-region",
    );
  });

  it("reads a phone without prefix as one of the address's country", () => {
    expect(firstError({ ...lisbon, phone: "612 345 678" })).toEqual({
      path: "phone",
      message: "phone-invalid",
    });
    expect(firstError({ ...lisbon, phone: "+34 612 345 678" })).toBeUndefined();
    expect(firstError({ ...madrid, phone: "" })).toEqual({ path: "phone", message: "phone-required" });
  });

  it("requires the street, city and names", () => {
    expect(firstError({ ...madrid, street: "   " })).toEqual({ path: "street", message: "street-required" });
    expect(firstError({ ...madrid, city: "" })).toEqual({ path: "city", message: "city-required" });
  });
});
