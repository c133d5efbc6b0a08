import type { Store } from '../../shared/backend/store/port.js';
import type { DownloadImages } from './import-images.js';
import { emptySummary, type ImportSummary, MAX_NOTES } from './import-summary.js';
import type { ImportedProduct, RowNote } from './imported-product.js';
import { NameIndex } from './name-index.js';

export interface ImportOptions {
  dryRun: boolean;
  updateExisting: boolean;
  skipInvalid: boolean;
  /** Downloads the file's remote image links into the shop's image store; without it the links are kept. */
  downloadImages?: DownloadImages;
  onBytes?: (bytesRead: number) => void;
  onRows?: (rows: number) => void;
}

export type Sanitize = (html: string) => { html: string; removed: string[] };

/**
 * One import as it goes: what it was asked, its summary so far, and what each step remembers of the
 * file's earlier products (their names, SKUs, image links and downloads) to judge the later ones by.
 */
export class ImportRun {
  readonly summary: ImportSummary;
  readonly names = new NameIndex();
  readonly skus = new NameIndex();
  readonly linksSeen = new NameIndex();
  /** Products this import updates: a SKU one of them gave up may go to a later product of the file. */
  readonly updatedIds = new NameIndex();
  readonly downloads = new Map<string, { url: string } | { error: string }>();
  /**
   * Loaded only for a file with markup in its descriptions: plain text needs none, and the
   * sanitiser's libraries take memory a million-row import has better use for.
   */
  sanitize: Sanitize | null = null;

  constructor(
    readonly store: Store,
    readonly file: string,
    readonly options: ImportOptions,
  ) {
    this.summary = emptySummary(file, options.dryRun);
  }

  /** A product was refused and --skip-invalid was not given: nothing is to be written. */
  doomed(): boolean {
    return this.summary.rejected > 0 && !this.options.skipInvalid;
  }

  warn(note: RowNote): void {
    this.summary.warningCount++;
    if (this.summary.warnings.length < MAX_NOTES) this.summary.warnings.push(note);
  }
}

/** A note placed at the row and column a product's field came from. */
export const noteAt = (p: ImportedProduct, field: string, message: string): RowNote => ({
  ...p.origin(field),
  message,
});
