import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, STOREFRONT_PAGE_SIZE } from '../../shared/domain/constants.js';
import { clampPage, pageItems, totalPages } from '../../shared/domain/pagination.js';

describe('pagination', () => {
  it('uses 6 per storefront page and 10 per admin page', () => {
    expect(STOREFRONT_PAGE_SIZE).toBe(6);
    expect(ADMIN_PAGE_SIZE).toBe(10);
  });

  it('counts total pages', () => {
    expect(totalPages(0, 6)).toBe(0);
    expect(totalPages(1, 6)).toBe(1);
    expect(totalPages(6, 6)).toBe(1);
    expect(totalPages(7, 6)).toBe(2);
    expect(totalPages(21, 10)).toBe(3);
    expect(() => totalPages(3, 0)).toThrow(RangeError);
  });

  it('slices a zero-based page and clamps pages out of range', () => {
    const items = Array.from({ length: 14 }, (_, i) => i);
    expect(pageItems(items, 0, 6)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pageItems(items, 2, 6)).toEqual([12, 13]);
    expect(pageItems(items, 9, 6)).toEqual([12, 13]);
    expect(pageItems(items, -1, 6)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pageItems([], 0, 6)).toEqual([]);
    expect(clampPage(Number.NaN, 3)).toBe(0);
    expect(clampPage(1.7, 3)).toBe(1);
  });
});
