const UNITS_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;

/** 512 B, 3.4 KB, 1.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** In the largest unit that counts at least 2, and the next one: 3 d 4 h, 24 h, 90 m, 12 s. */
export function formatDuration(ms: number): string {
  const parts: string[] = [];
  let rest = Math.max(0, Math.floor(ms));
  for (const [unit, size] of Object.entries(UNITS_MS)) {
    const count = Math.floor(rest / size);
    if (parts.length === 0 && count < 2 && unit !== 's') continue;
    if (count > 0 || parts.length === 0) parts.push(`${count} ${unit}`);
    rest -= count * size;
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

/** "24h", "90m", "2d", "30s" (a number and a unit) in ms; null when it is not one. */
export function parseDuration(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(d|h|m|s)\s*$/i.exec(text);
  if (!match) return null;
  return Math.round(Number(match[1]) * UNITS_MS[match[2]!.toLowerCase() as keyof typeof UNITS_MS]);
}
