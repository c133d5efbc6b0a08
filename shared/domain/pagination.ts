export function totalPages(itemCount: number, itemsPerPage: number): number {
  if (itemsPerPage <= 0) throw new RangeError('itemsPerPage must be positive');
  return Math.ceil(Math.max(0, itemCount) / itemsPerPage);
}

/** Pages are numbered from 0; a page past the end is clamped to the last one. */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page) || page < 0 || pages === 0) return 0;
  return Math.min(Math.floor(page), pages - 1);
}

export function pageItems<T>(items: readonly T[], page: number, itemsPerPage: number): T[] {
  const start = clampPage(page, totalPages(items.length, itemsPerPage)) * itemsPerPage;
  return items.slice(start, start + itemsPerPage);
}
