import { z } from "zod";

/** The sign-in form's password step. */
export const signInFormSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "email-required").max(254).email("email-invalid"),
  password: z.string().min(1, "password-required").max(128, "password-too-long"),
});
export type SignInValues = z.infer<typeof signInFormSchema>;

/** A code from the authenticator: six digits, typed with or without spaces ("123 456"). */
export const codeFormSchema = z.object({
  code: z
    .string()
    .transform((text) => text.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "code-invalid")),
});

/** The password that starts an enrolment (better-auth asks for it again). */
export const passwordFormSchema = z.object({
  password: z.string().min(1, "password-required").max(128, "password-too-long"),
});

/** A backup code as shown at enrolment ("AbCdE-12345"). */
export const backupCodeFormSchema = z.object({
  code: z.string().trim().min(1, "backup-code-required").max(64, "backup-code-required"),
});
