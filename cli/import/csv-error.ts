/** A file the import cannot read as CSV; the message says why, without echoing its bytes. */
export class CsvError extends Error {}
