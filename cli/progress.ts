/** A one-line progress bar on a terminal's stderr, redrawn at most every 100 ms. */
export class ProgressBar {
  private lastDraw = 0;
  private rows = 0;
  private bytes = 0;

  constructor(
    private readonly stream: NodeJS.WritableStream & { columns?: number },
    private readonly totalBytes: number,
  ) {}

  update({ bytes, rows }: { bytes?: number; rows?: number }): void {
    if (bytes !== undefined) this.bytes = bytes;
    if (rows !== undefined) this.rows = rows;
    const now = performance.now();
    if (now - this.lastDraw < 100) return;
    this.lastDraw = now;
    const share = this.totalBytes ? Math.min(1, this.bytes / this.totalBytes) : 0;
    const width = Math.max(10, Math.min(40, (this.stream.columns ?? 80) - 40));
    const filled = Math.round(share * width);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
    this.stream.write(
      `\r${bar} ${String(Math.round(share * 100)).padStart(3)}%  ${this.rows.toLocaleString('en-US')} rows`,
    );
  }

  done(): void {
    if (this.lastDraw) this.stream.write('\r\x1b[2K');
  }
}
