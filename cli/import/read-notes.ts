/** What a format reader tells about the file as a whole, beside its products. */
export interface FileNotes {
  /** What the operator should know that is not a row's, e.g. the file was converted from Latin-1. */
  notices: string[];
  /** Columns the file has that the import does not read. */
  unknownColumns: string[];
}
