import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatPrice } from '../../../shared/domain/money.js';
import { useDebounced } from './use-debounced.js';
import { useSuggestions } from './use-suggestions.js';

const DEBOUNCE_MS = 150;

/**
 * The search box of the top navigation, a combobox (WAI-ARIA 1.2): suggestions appear as you type;
 * arrows move through them, Enter on one opens its product, Enter otherwise lists the matches in
 * the store (`/store?q=…`), Escape closes the list.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const urlQ = location.pathname === '/store' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(urlQ);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(useDebounced(text.trim(), DEBOUNCE_MS));
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;
  const shown = open && suggestions.length > 0;

  // Back and forward, or a link, change the store's words: the box follows.
  useEffect(() => setText(urlQ), [urlQ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts with nothing chosen
  useEffect(() => setActive(-1), [suggestions]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const openProduct = (id: string) => {
    close();
    navigate(`/products/${encodeURIComponent(id)}`);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = shown && active >= 0 ? suggestions[active] : undefined;
    if (chosen) return openProduct(chosen.id);
    close();
    const q = text.trim();
    navigate(q ? `/store?${new URLSearchParams({ q })}` : '/store');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.max(-1, Math.min(suggestions.length - 1, i + step)));
    } else if (event.key === 'Escape') {
      if (shown) close();
      else setText('');
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not in React's element types yet
    <form
      role="search"
      onSubmit={submit}
      className="relative order-last w-full sm:order-none sm:w-auto sm:min-w-56 sm:flex-1 md:max-w-xs"
    >
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search products
      </label>
      <input
        id={`${listId}-input`}
        type="search"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Search peptides, CAS numbers…"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        className="w-full rounded border border-slate-300 px-3 py-1.5 text-base sm:text-sm"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!shown}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded border border-slate-200 bg-white py-1 shadow-lg"
      >
        {suggestions.map((s, i) => (
          // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: options are chosen from the box by arrows (aria-activedescendant), as the combobox pattern has it
          <div
            key={s.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Keeps the focus in the box, whose blur would close the list before the click lands.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => openProduct(s.id)}
            className={`flex cursor-pointer justify-between gap-3 px-3 py-2 text-sm ${i === active ? 'bg-teal-50 text-teal-900' : 'hover:bg-slate-50'}`}
          >
            <span>
              <span className="font-medium">{s.name}</span>
              {s.category && <span className="block text-xs text-slate-500">{s.category}</span>}
            </span>
            <span className="text-teal-700">{formatPrice(s.price)}</span>
          </div>
        ))}
      </div>
    </form>
  );
}
