import { z } from "zod";
import { textField } from "./text-fields.ts";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z.string().trim().toLowerCase().min(1, "email-required").max(254).email("email-invalid");
const password = z.string().min(PASSWORD_MIN, "password-too-short").max(PASSWORD_MAX, "password-too-long");

/** The registration form (issue 3); the server applies its own rules again. */
export const registerSchema = z
  .object({
    name: textField(80, "name-required"),
    lastName: textField(120, "last-name-required"),
    email,
    password,
    confirmPassword: z.string(),
    acceptTerms: z.literal(true, { error: "terms-required" }),
    newsletter: z.boolean(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    message: "passwords-differ",
  });
export type RegisterForm = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email,
  password: z.string().min(1, "password-required").max(PASSWORD_MAX),
});
export type LoginForm = z.infer<typeof loginSchema>;

/**
 * Who a session belongs to. A guest (decision 032) may fill a cart and pay, but is never signed in
 * to the account pages; its email is a stand-in, the one it gives at checkout goes on the order.
 */
export type SessionUser = { id: string; email: string; name: string; lastName: string; guest?: boolean };

/** Deleting the account asks for the password again. */
export const deleteAccountSchema = z.object({
  password: z.string().min(1, "password-required").max(PASSWORD_MAX),
});
export type DeleteAccountForm = z.infer<typeof deleteAccountSchema>;

/** "Forgot your password?": the address to mail the link to. */
export const requestResetSchema = z.object({ email });
export type RequestResetForm = z.infer<typeof requestResetSchema>;

/** The new password chosen from the mailed link; the same policy as at sign-up. */
export const resetPasswordSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    message: "passwords-differ",
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordSchema>;

/** Changing the sign-in email: the new address and, to prove it is them, the password. */
export const changeEmailSchema = z.object({
  newEmail: email,
  password: z.string().min(1, "password-required").max(PASSWORD_MAX),
});
export type ChangeEmailForm = z.infer<typeof changeEmailSchema>;
