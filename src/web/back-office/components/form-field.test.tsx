import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field.tsx";

const draw = (hint?: string, error?: string) =>
  renderToString(
    <FormField id="f" label="Nombre" hint={hint} error={error}>
      {(control) => <textarea {...control} name="nombre" />}
    </FormField>,
  );

describe("a back-office form's field", () => {
  it("labels its control and ties the hint to it", () => {
    const html = draw("Unas frases.");
    expect(html).toContain('<label for="f">Nombre</label>');
    expect(html).toContain('<textarea id="f" aria-describedby="f-hint" name="nombre">');
    expect(html).toMatch(/<span id="f-hint" class="[^"]*">Unas frases\.<\/span>/);
    expect(html).not.toContain("aria-invalid");
  });

  it("marks its control invalid and names the error first, then the hint", () => {
    const html = draw("Unas frases.", "Escribe el nombre.");
    expect(html).toContain('aria-invalid="true" aria-describedby="f-error f-hint"');
    expect(html).toMatch(/<p id="f-error" class="[^"]*">Escribe el nombre\.<\/p>/);
  });

  it("describes its control by nothing when it has neither hint nor error", () => {
    expect(draw()).toContain('<textarea id="f" name="nombre">');
  });
});
