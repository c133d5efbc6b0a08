import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A new page or listing page starts at the top (declarative routes do not restore scrolling). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs because the location changed
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
