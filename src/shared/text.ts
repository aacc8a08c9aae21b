/**
 * A name that ends a sentence whose template writes its own full stop: "Faro Azul, S.L." followed
 * by "." would read "S.L..", so the name's final stop is dropped and the template's one ends both.
 */
export function beforeFullStop(text: string): string {
  return text.endsWith(".") ? text.slice(0, -1) : text;
}
