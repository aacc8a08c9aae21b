import { secretInDataDir } from "../data-dir-secret.ts";

/**
 * The operator's bearer token. Set OPERATOR_TOKEN when several servers share a database; the
 * embedded setup keeps one in the data directory, where `npm run test-payments` finds it too.
 */
export function resolveOperatorToken(configured: string | undefined, dataDir: string): string {
  return configured ?? secretInDataDir(dataDir, "operator-token");
}
