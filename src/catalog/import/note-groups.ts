/**
 * The importer's report at scale (issue 32): a generated catalogue of 100,000 products has as many
 * warnings of one kind ("codigo … is irregular"), which nobody reads line by line. Lines of one
 * kind (the same field and message, whatever the record and the values quoted in it) seen more
 * than `GROUP_AFTER` times become one line: the first as it is, with the count and the first ids
 * of the others. Rarer kinds keep a line per record, in the file's order.
 */

/** Kinds seen this many times or fewer keep their lines. */
export const GROUP_AFTER = 5;

/** The ids a grouped line names after its first record. */
const IDS_NAMED = 5;

/** A report's lines, grouped: how many the importer wrote, and the lines to show. */
export type NoteSummary = { count: number; lines: string[] };

/** `record 12 (id 45) codigo: "B-17" is irregular; kept as is.`: its label, its id, the rest. */
const linePattern = /^record \d+(?: \(id (\d+|"(?:[^"\\]|\\.)*")\))? (.*)$/s;

type Parsed = { id: string | undefined; rest: string };

function parse(line: string): Parsed | undefined {
  const match = linePattern.exec(line);
  return match ? { id: match[1], rest: match[2] ?? "" } : undefined;
}

/** What makes two lines one kind: the field and the message, quoted values and numbers aside. */
function kindOf(rest: string): string {
  return rest.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/\b\d+(?:[.,]\d+)?\b/g, "#");
}

type Group = { first: string; count: number; ids: string[] };

function groupLine({ first, count, ids }: Group): string {
  const named = ids.slice(1, IDS_NAMED + 1);
  const unnamed = count - 1 - named.length;
  const more = unnamed > 0 ? `, and ${unnamed.toLocaleString("en")} more` : "";
  return `${first} (and ${(count - 1).toLocaleString("en")} more records like it: ids ${named.join(", ")}${more})`;
}

/**
 * The report's lines with every kind seen more than `GROUP_AFTER` times as one line, at its first
 * line's place; at most `limit` lines (the count stays the whole).
 */
export function summarizeNotes(lines: readonly string[], limit = Number.POSITIVE_INFINITY): NoteSummary {
  const groups = new Map<string, Group>();
  const kinds = lines.map((line) => {
    const parsed = parse(line);
    if (!parsed) return undefined;
    const kind = kindOf(parsed.rest);
    const group = groups.get(kind) ?? { first: line, count: 0, ids: [] };
    group.count += 1;
    if (group.ids.length <= IDS_NAMED) group.ids.push(parsed.id ?? "?");
    groups.set(kind, group);
    return kind;
  });
  const shown: string[] = [];
  const done = new Set<string>();
  for (const [index, line] of lines.entries()) {
    if (shown.length >= limit) break;
    const kind = kinds[index];
    const group = kind === undefined ? undefined : groups.get(kind);
    if (kind === undefined || !group || group.count <= GROUP_AFTER) shown.push(line);
    else if (!done.has(kind)) {
      done.add(kind);
      shown.push(groupLine(group));
    }
  }
  return { count: lines.length, lines: shown };
}
