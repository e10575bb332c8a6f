/**
 * Where a spreadsheet may begin a cell inside our text: at its start, or after any separator one may split on (`,` `;`
 * tab, whichever the reader's locale picks) or a line break, with spaces and quotes between skipped, since a reader may
 * trim the one and strip the other. Checking only the first character missed `Elm;=cmd|…`, a formula in a `;` reader.
 */
const CELL_START = /(?<=(?:^|[,;\t\r\n])[ "]*)(?=[=+\-@\t\r])/g;

/** Characters that end an unquoted field in some reader, so the text is quoted to stay one cell. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV cell of every CSV the server writes (readings exports, fridge reports): RFC 4180 quoting, and a `'` before
 * every character that would start a formula where a cell may begin, so text never runs as one. Numbers stay bare:
 * a reading of -3.5 is a number to the reader, not text.
 */
export function csvCell(v: string | number | boolean | null): string {
  if (v === null) return '';
  if (typeof v !== 'string') return String(v);
  const safe = v.replace(CELL_START, "'");
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
