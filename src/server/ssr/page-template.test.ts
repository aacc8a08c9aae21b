import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { holeMarker } from "#shared/personal-holes.ts";
import { deflatePiece } from "./gzip-splice.ts";
import { compressTemplate, fillTemplate, splicedGzip, splicedPlain, splitTemplate } from "./page-template.ts";

const page = `<header>${holeMarker("cart-badge")}</header><main><button>Añadir</button>${holeMarker("wish-12")}</main><script id="boot-user">${holeMarker("boot-user")}</script>`;

describe("a page's template", () => {
  it("is cut at its holes, in order", () => {
    const template = splitTemplate(page);
    expect(template.holes).toEqual(["cart-badge", "wish-12", "boot-user"]);
    expect(template.texts.map(String)).toEqual([
      "<header>",
      "</header><main><button>Añadir</button>",
      '</main><script id="boot-user">',
      "</script>",
    ]);
    expect(fillTemplate(template, ["", "<b>♥</b>", "{}"]).toString()).toBe(
      '<header></header><main><button>Añadir</button><b>♥</b></main><script id="boot-user">{}</script>',
    );
  });

  it("is cut in bytes, whatever the characters around its holes", () => {
    const holes = ["cart-badge", "wish-7", "boot-user"] as const;
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme", maxLength: 60 }), { minLength: 4, maxLength: 4 }),
        (texts) => {
          const html = texts.reduce((joined, text, index) => {
            const hole = holes[index - 1];
            return hole ? `${joined}${holeMarker(hole)}${text}` : text;
          }, "");
          const template = splitTemplate(Buffer.from(html));
          expect(template.holes).toEqual(holes);
          expect(template.texts.map(String)).toEqual(texts);
        },
      ),
    );
  });

  it("leaves as text what only looks like a marker", () => {
    const html = '<p>12,95 €</p><template data-hole="no es"></template><template data-hole="x"';
    expect(splitTemplate(html)).toEqual({ texts: [Buffer.from(html)], holes: [] });
  });

  it("refuses a hole it does not know", () => {
    expect(() => splitTemplate('<template data-hole="wish-0"></template>')).toThrow(/Unknown personal hole/);
  });

  it("spliced compressed is the page filled in plain text, for any fills", async () => {
    const template = splitTemplate(page);
    const kept = await compressTemplate(template, 6);
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 200 }), { minLength: 3, maxLength: 3 }), (fills) => {
        const pieces = fills.map((fill) => deflatePiece(Buffer.from(fill), 6));
        const expected = fillTemplate(template, fills).toString();
        expect(gunzipSync(splicedGzip(kept, pieces)).toString()).toBe(expected);
        expect(splicedPlain(kept, pieces).toString()).toBe(expected);
      }),
    );
  });

  it("needs one fill per hole", async () => {
    const kept = await compressTemplate(splitTemplate(page), 6);
    expect(() => splicedGzip(kept, [deflatePiece(Buffer.from("x"))])).toThrow(/One fill per hole/);
  });
});
