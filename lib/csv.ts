/**
 * How the product writes CSV, in the browser (list exports) and on the servers (exports of the reference
 * host): papaparse's `unparse` with these options. Client-safe (no server code, no zod).
 *
 * A cell whose first character is `=`, `+`, `-`, `@`, tab or carriage return is prefixed with `'` so a
 * spreadsheet shows it as text instead of running it as a formula, whatever follows, line breaks included
 * (papaparse's own `escapeFormulae: true` pattern has no dotall flag, so `=HYPERLINK(…)\n` slipped through).
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export const CSV_OPTIONS = { escapeFormulae: FORMULA_START, newline: '\r\n' } as const;
