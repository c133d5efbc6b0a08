import { useEffect, useState } from 'react';

/** How long typing pauses before the search is asked of the server. */
const SEARCH_PAUSE_MS = 250;

/**
 * A search box over a search kept in the URL: what is typed goes to `onSearch` (trimmed) once typing
 * pauses, and a search the URL brings (back, a link) replaces what was typed.
 */
export function useSearchBox(inUrl: string, onSearch: (q: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(inUrl);
  const [seen, setSeen] = useState(inUrl);
  if (seen !== inUrl) {
    setSeen(inUrl);
    setText(inUrl);
  }
  useEffect(() => {
    if (text.trim() === inUrl) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  });
  return [text, setText];
}
