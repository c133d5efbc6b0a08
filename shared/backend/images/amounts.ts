const UNITS_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;

/** 512 B, 3.4 KB, 1.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** In the largest unit that counts at least 2, and the next one if any: 3 d 4 h, 24 h, 90 m, 12 s. */
export function formatDuration(ms: number): string {
  const units = Object.entries(UNITS_MS);
  const whole = Math.max(0, Math.floor(ms));
  const found = units.findIndex(([, size]) => whole >= 2 * size);
  const at = found === -1 ? units.length - 1 : found;
  const [unit, size] = units[at]!;
  const count = Math.floor(whole / size);
  const next = units[at + 1];
  const rest = next ? Math.floor((whole - count * size) / next[1]) : 0;
  return next && rest > 0 ? `${count} ${unit} ${rest} ${next[0]}` : `${count} ${unit}`;
}

/** "24h", "90m", "2d", "30s" (a number and a unit) in ms; null when it is not one. */
export function parseDuration(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(d|h|m|s)\s*$/i.exec(text);
  if (!match) return null;
  return Math.round(Number(match[1]) * UNITS_MS[match[2]!.toLowerCase() as keyof typeof UNITS_MS]);
}
