/** `like` reads % and _ as wildcards and \ as their escape: typed, they are themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
