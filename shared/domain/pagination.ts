export function totalPages(itemCount: number, itemsPerPage: number): number {
  if (itemsPerPage <= 0) throw new RangeError('itemsPerPage must be positive');
  return Math.ceil(Math.max(0, itemCount) / itemsPerPage);
}
