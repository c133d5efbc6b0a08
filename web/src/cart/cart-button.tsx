import { useCart } from './cart-context.js';
import { preloadCartDrawer } from './lazy-cart-drawer.js';

export function CartButton() {
  const { itemCount, openDrawer } = useCart();
  const label = itemCount === 1 ? 'Cart, 1 item' : `Cart, ${itemCount} items`;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={openDrawer}
      onPointerEnter={preloadCartDrawer}
      onFocus={preloadCartDrawer}
      className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100"
    >
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden
      >
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
        <circle cx="10" cy="20" r="1.3" />
        <circle cx="17" cy="20" r="1.3" />
      </svg>
      <span
        data-testid="cart-count"
        className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-teal-700 px-1 text-center text-xs leading-5 text-white"
      >
        {itemCount}
      </span>
    </button>
  );
}
