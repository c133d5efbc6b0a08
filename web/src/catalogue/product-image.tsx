/**
 * Lazily loaded, square, with its size known before it loads so the page never shifts while images
 * arrive; `size` is its width unless a class stretches it (`w-full`), the height follows.
 */
export function ProductImage({
  src,
  alt,
  size,
  className = '',
  eager = false,
}: {
  src: string;
  alt: string;
  size: number;
  className?: string;
  eager?: boolean;
}) {
  const box = `aspect-square h-auto max-w-full rounded bg-slate-100 ${className}`;
  if (!src) return <svg role="img" aria-label={alt} width={size} height={size} className={box} />;
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`object-cover ${box}`}
    />
  );
}
