/**
 * Where the user typed the command. npm runs scripts from the package root, so a path given to
 * `npm run <script> -- FILE` is taken from INIT_CWD, the directory npm was started in.
 */
export function userDir(npmScript: string): string {
  const viaNpm = process.env.npm_lifecycle_event === npmScript;
  return (viaNpm ? process.env.INIT_CWD : undefined) ?? process.cwd();
}
