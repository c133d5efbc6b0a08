import type { SqliteDatabase } from './sqlite-database.js';

/**
 * Tells when the data changed: `PRAGMA data_version` moves on commits by other connections (the
 * CLI while the server runs), a counter on this connection's own writes, which it does not report.
 */
export class ChangeTracker {
  private localWrites = 0;
  private external: { value: number; checkedAt: number } | null = null;
  private readonly dataVersion;

  /**
   * @param externalChangeWindowMs how long a reading of other connections' commits may be reused;
   *   0 re-reads every time. Own writes always show at once.
   */
  constructor(
    db: SqliteDatabase,
    private readonly externalChangeWindowMs = 0,
  ) {
    this.dataVersion = db.prepare<[], { data_version: number }>('PRAGMA data_version');
  }

  noteWrite(): void {
    this.localWrites++;
  }

  token(): string {
    const at = performance.now();
    if (!this.external || at - this.external.checkedAt >= this.externalChangeWindowMs) {
      this.external = { value: this.dataVersion.get()?.data_version ?? 0, checkedAt: at };
    }
    return `${this.external.value}.${this.localWrites}`;
  }
}
