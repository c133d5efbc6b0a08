import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingScreen } from './loading-screen.js';

/** For screens without the public layout (sign-in, checkout, terms): each page owns its whole screen. */
export function BareLayout() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Outlet />
    </Suspense>
  );
}
