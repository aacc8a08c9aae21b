import { z } from "zod";
import { textField } from "./text-fields.ts";

/** The providers a shopper may sign in with (decision 033). */
export const socialProviderIds = ["google", "apple"] as const;
export const socialProviderSchema = z.enum(socialProviderIds);
export type SocialProvider = z.infer<typeof socialProviderSchema>;
/** Each provider's name as shoppers know it (buttons, messages, mails). */
export const socialProviderNames: Record<SocialProvider, string> = { google: "Google", apple: "Apple" };

/** GET /api/social/providers: the ones this shop is configured for, in the order buttons show. */
export const socialProvidersAnswerSchema = z.object({ providers: z.array(socialProviderSchema) });
export type SocialProvidersAnswer = z.infer<typeof socialProvidersAnswerSchema>;

/** GET /api/social/sign-in?provider= (a plain link): the provider to go to. */
export const socialSignInQuerySchema = z.object({ provider: socialProviderSchema });

/** GET /api/social/pending: the account a first social sign-in made, until it is completed. */
export const pendingSignUpAnswerSchema = z.object({
  pending: z.object({ email: z.string(), name: z.string(), lastName: z.string() }).nullable(),
});
export type PendingSignUpAnswer = z.infer<typeof pendingSignUpAnswerSchema>;

/** POST /api/social/complete: the names (prefilled from the provider) and the terms, as at sign-up. */
export const completeSignUpSchema = z.object({
  name: textField(80, "name-required"),
  lastName: textField(120, "last-name-required"),
  acceptTerms: z.literal(true, { error: "terms-required" }),
});
export type CompleteSignUpForm = z.infer<typeof completeSignUpSchema>;

/** Where a social sign-in lands: the welcome page asks for what is missing, or it is the account. */
export const SOCIAL_WELCOME_PARAM = "bienvenida";
export const SOCIAL_LANDING = `/login?${SOCIAL_WELCOME_PARAM}`;
/** Where it lands when it failed; the provider's or our code follows as `error`. */
export const SOCIAL_ERROR_LANDING = "/login?acceso=social";

/**
 * GET /api/social/links: which configured providers open the signed-in account, whether a
 * password does, and whether the account proved its address (connecting waits for it: issue 28).
 */
export const socialLinksAnswerSchema = z.object({
  links: z.array(z.object({ provider: socialProviderSchema, linked: z.boolean() })),
  hasPassword: z.boolean(),
  addressProven: z.boolean(),
});

/** Where connecting a provider lands (`error=`) when the account has not proven its address. */
export const ADDRESS_NOT_PROVEN_LINK_ERROR = "address_not_proven";
export type SocialLinksAnswer = z.infer<typeof socialLinksAnswerSchema>;

/** Where connecting a provider lands (`?conectada=` the provider, or `&error=` a code). */
export const SOCIAL_LINK_LANDING = "/datos/personales?conectada=";
export const SOCIAL_LINK_ERROR_LANDING = "/datos/personales?conexion=social";
