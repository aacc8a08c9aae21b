import { describe, expect, it } from "vitest";
import { GROUP_AFTER, summarizeNotes } from "./note-groups.ts";

const irregular = (index: number) =>
  `record ${index} (id ${index + 1}) codigo: "G${String(index + 1).padStart(6, "0")}" is irregular; kept as is.`;
const noPicture = (index: number) =>
  `record ${index} (id ${index + 1}) imagen: missing; the product shows the neutral placeholder.`;

describe("summarizeNotes", () => {
  it("keeps every line, in order, when no kind repeats more than GROUP_AFTER times", () => {
    const lines = [irregular(0), noPicture(0), irregular(1)];
    expect(summarizeNotes(lines)).toEqual({ count: 3, lines });
  });

  it("groups a kind seen more often into its first line with the count and the first ids", () => {
    const lines = [noPicture(7), ...Array.from({ length: 100_000 }, (_, index) => irregular(index))];
    expect(summarizeNotes(lines)).toEqual({
      count: 100_001,
      lines: [
        noPicture(7),
        `${irregular(0)} (and 99,999 more records like it: ids 2, 3, 4, 5, 6, and 99,994 more)`,
      ],
    });
  });

  it("groups at GROUP_AFTER + 1 lines and names them all when they are few", () => {
    const lines = Array.from({ length: GROUP_AFTER + 1 }, (_, index) => irregular(index));
    expect(summarizeNotes(lines).lines).toEqual([
      `${irregular(0)} (and 5 more records like it: ids 2, 3, 4, 5, 6)`,
    ]);
    expect(summarizeNotes(lines.slice(1)).lines).toEqual(lines.slice(1));
  });

  it("tells kinds apart by field and message, not by the values quoted in them", () => {
    const prices = Array.from(
      { length: 6 },
      (_, index) =>
        `record ${index} (id ${index + 1}) precio: ${index + 400} € is outside the range; kept as is.`,
    );
    const other =
      'record 9 (id "x") pt: an array where the Portuguese texts belong; dropped, Spanish copied.';
    const summary = summarizeNotes([...prices, other]);
    expect(summary.lines).toEqual([`${prices[0]} (and 5 more records like it: ids 2, 3, 4, 5, 6)`, other]);
  });

  it("shows at most `limit` lines and still counts them all", () => {
    const lines = Array.from({ length: 10 }, (_, index) => `record ${index} field${index}: odd.`);
    expect(summarizeNotes(lines, 4)).toEqual({ count: 10, lines: lines.slice(0, 4) });
  });
});
