/**
 * Spreadsheets run a cell that starts with =, +, -, @, a tab or a carriage return as a formula
 * (OWASP "CSV injection"), so a product named =HYPERLINK(…) could act when a colleague opens the
 * export. Export puts one ' before such a cell (and before one already preceded by 's), import takes
 * one away: the round trip stays exact and no cell starts a formula.
 */
const NEEDS_ESCAPE = /^'*[=+\-@\t\r]/;
const ESCAPED = /^'+[=+\-@\t\r]/;

export const escapeForSpreadsheet = (cell: string): string => (NEEDS_ESCAPE.test(cell) ? `'${cell}` : cell);

export const unescapeFromSpreadsheet = (cell: string): string => (ESCAPED.test(cell) ? cell.slice(1) : cell);
