export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

/** A rough guide for the meter (length and variety); the server enforces the real policy. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length === 0) return 0;
  const variety = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  let score = password.length >= 8 ? 1 : 0;
  if (password.length >= 12) score++;
  if (variety >= 3) score++;
  if (password.length >= 16 && variety >= 2) score++;
  return Math.min(4, Math.max(score, 1)) as PasswordStrength;
}
