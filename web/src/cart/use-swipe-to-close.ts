import { type TouchEvent, useRef, useState } from 'react';
import { swipeCloses } from '../../../shared/domain/swipe.js';

interface Gesture {
  startX: number;
  startY: number;
  lastX: number;
  lastT: number;
  velocity: number;
  horizontal: boolean | null;
}

/** Lets a right-hand drawer be swiped closed on touch screens; returns handlers and the drag offset. */
export function useSwipeToClose(onClose: () => void) {
  const gesture = useRef<Gesture | null>(null);
  const [offset, setOffset] = useState(0);

  const onTouchStart = (event: TouchEvent<HTMLElement>) => {
    const touch = event.touches[0];
    if (!touch || event.touches.length > 1) return;
    const now = event.timeStamp;
    gesture.current = {
      startX: touch.clientX,
      startY: touch.clientY,
      lastX: touch.clientX,
      lastT: now,
      velocity: 0,
      horizontal: null,
    };
  };

  const onTouchMove = (event: TouchEvent<HTMLElement>) => {
    const g = gesture.current;
    const touch = event.touches[0];
    if (!g || !touch) return;
    const dx = touch.clientX - g.startX;
    const dy = touch.clientY - g.startY;
    // The first clear movement decides: vertical scrolls the list, horizontal drags the drawer.
    if (g.horizontal === null && Math.max(Math.abs(dx), Math.abs(dy)) > 6)
      g.horizontal = Math.abs(dx) > Math.abs(dy);
    if (!g.horizontal) return;
    const elapsed = event.timeStamp - g.lastT;
    if (elapsed > 0) g.velocity = ((touch.clientX - g.lastX) / elapsed) * 1000;
    g.lastX = touch.clientX;
    g.lastT = event.timeStamp;
    setOffset(Math.max(0, dx));
  };

  const onTouchEnd = (event: TouchEvent<HTMLElement>) => {
    const g = gesture.current;
    gesture.current = null;
    if (!g?.horizontal) return;
    const widthPx = event.currentTarget.getBoundingClientRect().width;
    const draggedPx = Math.max(0, g.lastX - g.startX);
    setOffset(0);
    if (swipeCloses({ draggedPx, widthPx, velocityPxPerS: g.velocity })) onClose();
  };

  return {
    offset,
    handlers: { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: onTouchEnd },
  };
}
