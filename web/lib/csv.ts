// A CSV cell as the pages' exports write it (the room's results, the companion's
// History). A text cell that a spreadsheet would take as a formula (it begins
// with =, +, -, @, a tab or a carriage return) gets a ' before it, so a name
// like `=HYPERLINK(…)` stays text; numbers are written as they are.

/** One CSV cell: quoted when it holds a quote, a comma or a line break; a text beginning like a formula made text. */
export function csvCell(v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
