/** Lower-case and strip accents, so 'pelúche', 'PELUCHE' and 'peluche' are one term. */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}
