/**
 * A CSV file as RFC 4180 writes it (decision 054): commas, CRLF, a field quoted when it holds a
 * comma, a quote or a line break, its quotes doubled. It starts with a byte-order mark, so a
 * spreadsheet opens its UTF-8 as UTF-8. A field that a spreadsheet would run as a formula (it
 * starts with =, +, -, @, a tab or a carriage return: an address may) is written after an
 * apostrophe, which the spreadsheet shows as text (OWASP's CSV injection advice).
 */
export function toCsv(header: readonly string[], rows: Iterable<readonly string[]>): string {
  const lines = [header.map(csvField).join(",")];
  for (const row of rows) lines.push(row.map(csvField).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

function csvField(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}
