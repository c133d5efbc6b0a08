import { useEffect, useId, useRef, useState } from 'react';

/**
 * A button that shows and hides a panel (the WAI-ARIA disclosure pattern). Escape closes it and
 * gives the focus back to the button. A `floating` panel, drawn over the page, also takes the focus
 * when it opens, and closes on a press outside it or when the focus leaves it; a panel in the page's
 * flow stays open until its button or Escape closes it, so the page never jumps under a finger.
 */
export function useDisclosure({ floating }: { floating: boolean }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const inside = (node: EventTarget | null) =>
    node instanceof Node && !!(buttonRef.current?.contains(node) || panelRef.current?.contains(node));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `inside` reads refs only
  useEffect(() => {
    if (!open) return;
    if (floating) panelRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    if (floating) document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, floating]);

  return {
    open,
    close: () => setOpen(false),
    button: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((was) => !was),
    },
    panel: {
      ref: panelRef,
      id: panelId,
      onBlur: floating
        ? (event: { relatedTarget: EventTarget | null }) => {
            if (event.relatedTarget && !inside(event.relatedTarget)) setOpen(false);
          }
        : undefined,
    },
  };
}
