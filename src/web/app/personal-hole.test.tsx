import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HOLE_MARKER, holeIds, holeMarker } from "#shared/personal-holes.ts";
import { HoleTemplateProvider, PersonalHole } from "./personal-hole.tsx";

describe("a personal hole", () => {
  it("is drawn in a template as exactly the marker the server cuts pages at", () => {
    const html = renderToString(
      <HoleTemplateProvider>
        <p>
          Cesta
          <PersonalHole id={holeIds.cartBadge} />
          <PersonalHole id={holeIds.wish(42)} />
        </p>
      </HoleTemplateProvider>,
    );
    expect(html).toBe(`<p>Cesta${holeMarker("cart-badge")}${holeMarker("wish-42")}</p>`);
    expect([...html.matchAll(HOLE_MARKER)].map((match) => match[1])).toEqual(["cart-badge", "wish-42"]);
  });
});
