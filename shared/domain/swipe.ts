import { SWIPE_DRAWER } from './constants.js';

export interface SwipeEnd {
  /** How far the drawer was dragged towards closed, in pixels. */
  draggedPx: number;
  widthPx: number;
  /** Speed towards closed at release, in pixels per second. */
  velocityPxPerS: number;
}

/** An open drawer closes when flung fast enough or dragged past the hysteresis share of its width. */
export function swipeCloses({ draggedPx, widthPx, velocityPxPerS }: SwipeEnd): boolean {
  if (widthPx <= 0 || draggedPx <= 0) return false;
  return velocityPxPerS > SWIPE_DRAWER.minFlingVelocity || draggedPx / widthPx > SWIPE_DRAWER.hysteresis;
}
