import { type ComponentType, lazy } from 'react';

export const PRELOAD_ERROR_EVENT = 'preload-error';

/**
 * A page whose code loads on first visit. A failed load (usually a deploy replaced the chunk) is
 * announced with a `preload-error` event, then rethrown so the route's error screen shows.
 */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): ComponentType {
  return lazy<ComponentType>(async () => {
    try {
      return { default: (await load())[name] };
    } catch (error) {
      window.dispatchEvent(new CustomEvent(PRELOAD_ERROR_EVENT, { detail: error, cancelable: true }));
      throw error;
    }
  });
}
