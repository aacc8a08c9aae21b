import { secretInDataDir } from "../data-dir-secret.ts";

/**
 * The secret that signs session cookies. Set BETTER_AUTH_SECRET in production; without it the
 * embedded setup makes one once and keeps it beside the database, so sessions survive restarts.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  return configured ?? secretInDataDir(dataDir, "auth-secret");
}
