const BLOCK = 'rounded bg-slate-100';

/**
 * Grey blocks where the product page's parts will stand (the image square at its full width, name,
 * price, sizes, stock, quantity and button), each of the height its text will have, while it loads.
 */
export function ProductPlaceholder() {
  return (
    <article aria-busy className="grid gap-8 md:grid-cols-2">
      <p role="status" className="sr-only">
        Loading...
      </p>
      <div className={`aspect-square w-full animate-pulse ${BLOCK}`} />
      <div className="flex flex-col gap-4" aria-hidden>
        <div className="text-3xl">
          <div className={`h-[1lh] w-2/3 ${BLOCK}`} />
        </div>
        <div className="text-2xl">
          <div className={`h-[1lh] w-24 ${BLOCK}`} />
        </div>
        <div className="flex flex-col gap-2">
          <div className={`h-5 w-20 ${BLOCK}`} />
          <div className={`h-9 w-48 ${BLOCK}`} />
        </div>
        <div className={`h-6 w-32 ${BLOCK}`} />
        <div className={`h-14 w-56 ${BLOCK}`} />
        <div className={`h-24 ${BLOCK}`} />
      </div>
    </article>
  );
}
