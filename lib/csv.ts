/**
 * How the product writes CSV, in the browser (list exports) and on the servers (exports of the reference
 * host): papaparse's `unparse` with these options, the one CSV neutraliser of every export. Client-safe (no
 * server code, no zod).
 *
 * A cell whose first character could start a formula is prefixed with `'` so a spreadsheet shows it as text
 * instead of running it, whatever follows, line breaks included (papaparse's own `escapeFormulae: true`
 * pattern has no dotall flag, so `=HYPERLINK(…)\n` slipped through): `=`, `+`, `-`, `@`, tab, carriage
 * return; a NUL (dropped by some readers, leaving the formula after it first); and the full-width and
 * small forms `＝＋－＠` and `﹦﹢﹣﹫`, which spreadsheets in East Asian locales read as their ASCII forms.
 */
export const FORMULA_START = /^[=+\-@\t\r\0\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/;

export const CSV_OPTIONS = { escapeFormulae: FORMULA_START, newline: '\r\n' } as const;
