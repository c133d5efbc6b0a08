import { lazy, Suspense, useEffect, useState } from 'react';
import { useCart } from './cart-context.js';

const loadDrawer = () => import('./cart-drawer.js');
const CartDrawer = lazy(async () => ({ default: (await loadDrawer()).CartDrawer }));

/** Starts loading the drawer's code before the first click (hover or focus on the cart button). */
export function preloadCartDrawer(): void {
  void loadDrawer().catch(() => undefined);
}

/** The drawer's code (headlessui Dialog) loads on first open, keeping it out of the first-load bundle. */
export function LazyCartDrawer() {
  const { drawerOpen } = useCart();
  const [everOpened, setEverOpened] = useState(drawerOpen);
  // Fetch the drawer once the page is idle, so the first open is instant on touch screens too.
  useEffect(() => {
    if (!('requestIdleCallback' in window)) return;
    const handle = window.requestIdleCallback(preloadCartDrawer, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  if (drawerOpen && !everOpened) setEverOpened(true);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}
