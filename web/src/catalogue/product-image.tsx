/** Lazily loaded, with fixed dimensions so the page never shifts while images arrive. */
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
  if (!src) {
    return (
      <div
        role="img"
        aria-label={alt}
        style={{ width: size, height: size }}
        className={`rounded bg-slate-100 ${className}`}
      />
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`aspect-square rounded bg-slate-100 object-cover ${className}`}
    />
  );
}
