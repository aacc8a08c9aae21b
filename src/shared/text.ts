/**
 * A name that ends a sentence whose template writes its own full stop: "Faro Azul, S.L." followed
 * by "." would read "S.L..", so the name's final stop is dropped and the template's one ends both.
 */
export function beforeFullStop(text: string): string {
  return text.endsWith(".") ? text.slice(0, -1) : text;
}

/**
 * Control characters (C0, DEL, C1) and the bidirectional overrides that make text read otherwise
 * than it is stored: nothing a person types into a name or an address, and a way to corrupt a
 * terminal or a document that prints it (issue 11).
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

export function hasControlCharacters(text: string): boolean {
  return new RegExp(CONTROL_CHARACTERS.source, "u").test(text);
}

/** The text with every control character removed, for printing what is already stored. */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, "");
}
