import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatPrice,
  hasAtMostTwoDecimals,
  lineCents,
  toCents,
} from '../../shared/domain/money.js';

describe('money', () => {
  it('converts prices to integer cents without float drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });

  it('formats dollars with thousands separators and two decimals', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatPrice(1234567.8)).toBe('$1,234,567.80');
  });

  it('computes line totals in cents', () => {
    expect(lineCents(1999, 3)).toBe(5997);
  });

  it('tells whether a price has at most two decimals', () => {
    expect(hasAtMostTwoDecimals(19.99)).toBe(true);
    expect(hasAtMostTwoDecimals(10)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(1.999)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false);
  });
});
