/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field quoted when it holds a comma,
 * quote or line break, quotes doubled), made safe to open in a spreadsheet: a value starting with
 * = + - @ (or a tab or carriage return) would run as a formula, so it gets a leading apostrophe (OWASP).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string): string {
  const defused = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * The byte-order mark that makes spreadsheet programs (Excel above all) read a CSV file as UTF-8
 * rather than the system's code page, so umlauts in names survive opening the file.
 */
export const UTF8_BOM = '\uFEFF';
