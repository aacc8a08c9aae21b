import { brand } from "#shared/brand.ts";
import type { InfoPagePlaceholder } from "./info-page-schema.ts";

export type PlaceholderValues = Record<InfoPagePlaceholder, string>;

export function placeholderValues(siteUrl: string, year: number): PlaceholderValues {
  return {
    shopName: brand.shopName,
    franchise: brand.franchise,
    companyName: brand.company.legalName,
    companyTaxId: brand.company.taxId,
    companyAddress: brand.company.address,
    companyRegistry: brand.company.registry,
    phone: brand.contact.phone,
    whatsapp: brand.contact.whatsapp,
    email: brand.contact.email,
    privacyEmail: brand.contact.privacyEmail,
    siteUrl,
    year: String(year),
  };
}

/** Replaces {{name}} with the brand's value; an unknown name is left as written. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in values ? values[name as InfoPagePlaceholder] : match,
  );
}
