import { type ComponentType, createElement, lazy } from 'react';

export const PRELOAD_ERROR_EVENT = 'preload-error';

/** A page whose code loads on first visit, and can be loaded ahead (`preload`) before it is shown. */
export type LazyPage = ComponentType & { preload(): Promise<void> };

/**
 * A page whose code loads on first visit. A failed load (usually a deploy replaced the chunk) is
 * announced with a `preload-error` event, then rethrown so the route's error screen shows. Once
 * loaded it renders without suspending, so a page the server rendered hydrates at once when its code
 * was preloaded (a suspended boundary that receives an update would be thrown away and drawn anew).
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (module) => {
        loaded = module[name];
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        if (typeof window !== 'undefined')
          window.dispatchEvent(new CustomEvent(PRELOAD_ERROR_EVENT, { detail: error, cancelable: true }));
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory of page components, as React.lazy is; each is made once, at module level
  const Page = () => createElement(loaded ?? Lazy);
  Page.preload = async () => {
    await loadOnce();
  };
  return Page;
}
