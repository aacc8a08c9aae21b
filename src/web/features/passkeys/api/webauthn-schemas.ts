import { z } from "zod";

/**
 * What the server's passkey endpoints answer, checked before the browser's authenticator or the
 * session store takes it (WebAuthn's JSON forms, as @simplewebauthn/browser types them).
 */
const transports = z.array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]));
const credentialDescriptor = z.object({
  id: z.string(),
  type: z.literal("public-key"),
  transports: transports.optional(),
});
const userVerification = z.enum(["discouraged", "preferred", "required"]);
const hints = z.array(z.enum(["hybrid", "security-key", "client-device"]));

export const creationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal("public-key") })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
      residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  hints: hints.optional(),
  attestation: z.enum(["direct", "enterprise", "indirect", "none"]).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

export const requestOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: userVerification.optional(),
  hints: hints.optional(),
});

/** The account a passkey signed in to. */
export const signInAnswerSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    lastName: z.string().nullish(),
  }),
});
