import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, parseDuration } from '../../shared/backend/images/amounts.js';

describe('amounts shown to operators', () => {
  it('reads a grace period as a number and a unit, and nothing else', () => {
    expect(parseDuration('24h')).toBe(24 * 3_600_000);
    expect(parseDuration('90m')).toBe(90 * 60_000);
    expect(parseDuration('2d')).toBe(2 * 86_400_000);
    expect(parseDuration('1.5 H')).toBe(90 * 60_000);
    expect(parseDuration('0s')).toBe(0);
    for (const bad of ['soon', '24', 'h', '-1h', '1w', '1h30m', '']) expect(parseDuration(bad)).toBeNull();
  });

  it('says an age in the largest unit counting at least 2, and the next one when it is not zero', () => {
    expect(formatDuration(24 * 3_600_000)).toBe('24 h');
    expect(formatDuration(2 * 86_400_000 + 2000)).toBe('2 d');
    expect(formatDuration(3 * 86_400_000 + 4 * 3_600_000 + 59_000)).toBe('3 d 4 h');
    expect(formatDuration(3_600_000)).toBe('60 m');
    expect(formatDuration(90_500)).toBe('90 s');
    expect(formatDuration(1500)).toBe('1 s');
    expect(formatDuration(-5)).toBe('0 s');
  });

  it('says a size in B, KB or MB', () => {
    expect(formatBytes(70)).toBe('70 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
