import { escapeForSpreadsheet } from './spreadsheet-escape.js';

/** One CSV cell as RFC 4180 quotes it, and never a formula a spreadsheet would run (see spreadsheet-escape). */
function csvCell(value: string): string {
  const cell = escapeForSpreadsheet(value);
  return /[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** A CSV line with CRLF, as RFC 4180 ends records. */
export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;
