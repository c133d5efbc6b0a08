// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT } from '../../shared/domain/constants.js';
import { Toasts } from '../../shared/web/toasts.js';
import { resetBetweenTests } from './storefront-fixtures.js';

resetBetweenTests();
afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
});

const shown = (text: string | RegExp) => screen.queryAllByText(text).length;

describe('toasts', () => {
  it(`show at most ${TOAST_LIMIT} at once`, () => {
    render(<Toasts />);
    act(() => {
      for (let i = 1; i <= 25; i++) toast(`Message ${i}`);
    });
    const messages = screen.getAllByRole('status').map((el) => el.textContent);
    expect(messages).toHaveLength(TOAST_LIMIT);
    // The newest stay.
    expect(messages).toContain('Message 25');
    expect(messages).not.toContain('Message 5');
    expect(messages).toContain('Message 6');
  });

  it('keep success for 2 s, blank and error for 4 s and loading until dismissed', () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => {
      toast.success('Saved');
      toast('Note');
      toast.error('Failed');
      toast.loading('Working');
    });
    // A dismissed toast leaves the page 1 s after its time is up, once its exit animation ran.
    const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
    wait(2_100);
    wait(1_000);
    expect(screen.getAllByRole('status').map((el) => el.textContent)).not.toContain('Saved');
    expect(shown('Note') + shown('Failed') + shown('Working')).toBe(3);
    wait(1_000);
    wait(1_000);
    const left = screen.getAllByRole('status').map((el) => el.textContent);
    expect(left).not.toContain('Note');
    expect(left).not.toContain('Failed');
    wait(60_000);
    expect(shown('Working')).toBe(1);
  });
});
