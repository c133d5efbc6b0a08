// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { BareLayout } from '../../web/src/layout/bare-layout.js';
import { lazyPage, PRELOAD_ERROR_EVENT } from '../../web/src/routing/lazy-page.js';
import { reloadOnStaleChunks } from '../../web/src/routing/reload-on-stale-chunks.js';
import { RouteErrorBoundary } from '../../web/src/routing/route-error-boundary.js';
import { resetBetweenTests, Storefront } from './storefront-fixtures.js';

resetBetweenTests();

function LoadedPage() {
  return <h1>Loaded page</h1>;
}

describe('lazily loaded pages', () => {
  it('show "Loading..." while loading, then the page', async () => {
    let finish: (module: { Page: ComponentType }) => void = () => undefined;
    const Page = lazyPage(
      () => new Promise<{ Page: ComponentType }>((resolve) => (finish = resolve)),
      'Page',
    );
    render(
      <Storefront at="/later">
        <Routes>
          <Route element={<BareLayout />}>
            <Route path="/later" element={<Page />} />
          </Route>
        </Routes>
      </Storefront>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    finish({ Page: LoadedPage });
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeTruthy();
  });

  it('announce a failed load with a preload-error event and show the error screen', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    const Page = lazyPage<'Page'>(() => Promise.reject(failure), 'Page');
    const events: unknown[] = [];
    const onPreloadError = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(PRELOAD_ERROR_EVENT, onPreloadError);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Storefront at="/broken">
        <RouteErrorBoundary>
          <Routes>
            <Route element={<BareLayout />}>
              <Route path="/broken" element={<Page />} />
            </Route>
          </Routes>
        </RouteErrorBoundary>
      </Storefront>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(events).toEqual([failure]);
    window.removeEventListener(PRELOAD_ERROR_EVENT, onPreloadError);
    vi.restoreAllMocks();
  });

  it('reload the page once when code fails to load, not again within a minute', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    sessionStorage.clear();
    reloadOnStaleChunks();
    window.dispatchEvent(new CustomEvent(PRELOAD_ERROR_EVENT));
    window.dispatchEvent(new CustomEvent(PRELOAD_ERROR_EVENT));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});
