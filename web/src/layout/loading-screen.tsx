import { Spinner } from '../../../shared/web/spinner.js';

/** Shown while a lazily loaded page's code arrives. */
export function LoadingScreen() {
  return <Spinner label="Loading..." />;
}
