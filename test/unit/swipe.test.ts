import { describe, expect, it } from 'vitest';
import { swipeCloses } from '../../shared/domain/swipe.js';

describe('swipe to close the drawer', () => {
  it('closes past 52% of the width or faster than 450 px/s', () => {
    expect(swipeCloses({ draggedPx: 209, widthPx: 400, velocityPxPerS: 100 })).toBe(true);
    expect(swipeCloses({ draggedPx: 207, widthPx: 400, velocityPxPerS: 100 })).toBe(false);
    expect(swipeCloses({ draggedPx: 40, widthPx: 400, velocityPxPerS: 451 })).toBe(true);
    expect(swipeCloses({ draggedPx: 40, widthPx: 400, velocityPxPerS: 450 })).toBe(false);
  });

  it('never closes on a drag towards open or without a width', () => {
    expect(swipeCloses({ draggedPx: 0, widthPx: 400, velocityPxPerS: 900 })).toBe(false);
    expect(swipeCloses({ draggedPx: 300, widthPx: 0, velocityPxPerS: 0 })).toBe(false);
  });
});
