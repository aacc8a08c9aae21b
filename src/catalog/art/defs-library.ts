import { friendDefs } from "./friends.ts";
import { figureDefs } from "./miaubot-figure.ts";

const library: Readonly<Record<string, string>> = { ...figureDefs, ...friendDefs };

const referencePattern = /href="#([a-z]+)"/g;

/** The library drawings a picture refers to (and those they refer to), each emitted once. */
export function libraryDefsFor(body: string): string {
  const needed = new Set<string>();
  const pending = [body];
  for (let text = pending.pop(); text !== undefined; text = pending.pop()) {
    for (const match of text.matchAll(referencePattern)) {
      const id = match[1];
      const definition = id === undefined ? undefined : library[id];
      if (id === undefined || definition === undefined || needed.has(id)) continue;
      needed.add(id);
      pending.push(definition);
    }
  }
  return [...needed].map((id) => library[id]).join("");
}
