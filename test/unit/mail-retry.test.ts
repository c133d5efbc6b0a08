import { describe, expect, it } from 'vitest';
import { MAX_MAIL_ATTEMPTS, retryDelayMs } from '../../shared/backend/mail/outbox-sender.js';

describe('e-mail retries', () => {
  it('wait 30 s after the first failed send, doubling each time, never more than 6 hours', () => {
    const minutes = Array.from({ length: MAX_MAIL_ATTEMPTS }, (_, i) => retryDelayMs(i + 1) / 60_000);
    expect(minutes).toEqual([0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256]);
    expect(retryDelayMs(11)).toBe(6 * 60 * 60_000);
    expect(retryDelayMs(50)).toBe(6 * 60 * 60_000);
  });

  it('give up after 10 attempts, the last about 4¼ hours after the first', () => {
    const waited = Array.from({ length: MAX_MAIL_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1));
    expect(MAX_MAIL_ATTEMPTS).toBe(10);
    expect(waited.reduce((a, b) => a + b, 0) / 3_600_000).toBeCloseTo(4.26, 1);
  });
});
