// CSV for spreadsheets, one rule for every export (devices, audit log, …).

/**
 * One CSV cell: quoted, quotes doubled, and a leading = + - @ tab or CR neutralised with an
 * apostrophe so a spreadsheet never runs a value as a formula (CSV injection). The full-width
 * ＝ ＋ － ＠ too: spreadsheets set to East Asian input read them as their ASCII forms.
 */
export function csvCell(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}
