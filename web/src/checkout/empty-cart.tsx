import { Link } from 'react-router-dom';

/** What checkout shows with nothing in the cart: nothing to sign in or pay for, so back to the store. */
export function EmptyCart() {
  return (
    <div className="rounded-xl bg-white p-8 text-center shadow-sm">
      <p className="text-lg text-slate-800">Your cart is empty</p>
      <p className="mt-1 text-sm text-slate-600">Add some items to your cart to see them here</p>
      <Link to="/store" className="mt-3 inline-block text-teal-800 hover:underline">
        Browse the store
      </Link>
    </div>
  );
}
