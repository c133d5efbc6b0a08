import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { formatCents } from '../../../shared/domain/money.js';
import { ADDED_TO_CART_TOAST, useCart } from './cart-context.js';
import { CartLineItem } from './cart-line-item.js';
import { useSwipeToClose } from './use-swipe-to-close.js';

export const UNAVAILABLE_IN_CART_MESSAGE =
  'Some items in your cart are no longer available. Remove them to proceed to checkout.';

export function CartDrawer() {
  const cart = useCart();
  const navigate = useNavigate();
  const [tried, setTried] = useState(false);
  const swipe = useSwipeToClose(cart.closeDrawer);
  const blocked = cart.unavailableIds.size > 0;
  const error = blocked ? UNAVAILABLE_IN_CART_MESSAGE : null;
  // On a phone the bottom-centre toast would sit over "Proceed to Checkout"; the open cart says it all.
  useEffect(() => {
    if (cart.drawerOpen) toast.remove(ADDED_TO_CART_TOAST);
  }, [cart.drawerOpen]);

  const proceed = () => {
    setTried(true);
    if (blocked) return;
    cart.closeDrawer();
    navigate('/identify');
  };

  return (
    <Dialog open={cart.drawerOpen} onClose={cart.closeDrawer} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/40 transition-opacity duration-300 data-closed:opacity-0"
      />
      <div className="fixed inset-y-0 right-0 flex w-full max-w-full sm:w-[400px]">
        <DialogPanel
          transition
          data-testid="cart-panel"
          {...swipe.handlers}
          style={
            swipe.offset > 0 ? { transform: `translateX(${swipe.offset}px)`, transition: 'none' } : undefined
          }
          className="flex h-full w-full flex-col bg-white shadow-xl transition-transform duration-300 ease-out data-closed:translate-x-full"
        >
          <div className="flex items-start justify-between border-b border-slate-200 p-4">
            <div>
              <DialogTitle className="text-lg font-semibold">Shopping Cart</DialogTitle>
              {cart.itemCount > 0 && (
                <p className="text-sm text-slate-600">{cart.itemCount} item(s) in your cart</p>
              )}
            </div>
            <button
              type="button"
              onClick={cart.closeDrawer}
              aria-label="Close cart"
              className="rounded p-1 text-2xl leading-none text-slate-500 hover:bg-slate-100"
            >
              ×
            </button>
          </div>
          {cart.lines.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
              <p className="text-lg font-medium">Your cart is empty</p>
              <p className="text-slate-600">Add some items to your cart to see them here</p>
            </div>
          ) : (
            <>
              <ul className="flex-1 divide-y divide-slate-100 overflow-y-auto px-4">
                {cart.lines.map((line) => (
                  <CartLineItem key={line.id} line={line} />
                ))}
              </ul>
              <div className="border-t border-slate-200 p-4">
                <p className="flex justify-between text-lg font-semibold">
                  <span>Total:</span>
                  <span data-testid="cart-total">{formatCents(cart.totalCents)}</span>
                </p>
                <button
                  type="button"
                  onClick={proceed}
                  aria-disabled={blocked}
                  className={`mt-3 w-full rounded bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800 ${blocked ? 'opacity-60' : ''}`}
                >
                  Proceed to Checkout
                </button>
                {error && (
                  <p role="alert" className={`mt-2 text-sm text-red-700 ${tried ? 'font-semibold' : ''}`}>
                    {error}
                  </p>
                )}
              </div>
            </>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
