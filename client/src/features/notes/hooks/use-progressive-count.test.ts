import { act, renderHook } from '@testing-library/react';
import { FIRST_BATCH, useProgressiveCount } from './use-progressive-count';

describe('useProgressiveCount', () => {
  it('draws the first batch at once and the rest right after', async () => {
    const drawn: number[] = [];
    const { result, rerender } = renderHook(
      ({ count }) => {
        const visible = useProgressiveCount(count);
        drawn.push(visible);
        return visible;
      },
      { initialProps: { count: 0 } },
    );
    expect(result.current).toBe(0);
    drawn.length = 0;
    await act(async () => {
      rerender({ count: 30 });
      await Promise.resolve();
    });
    // The render with 30 items shows the first batch; transitions then draw a batch each.
    expect([...new Set(drawn)]).toEqual([
      FIRST_BATCH,
      2 * FIRST_BATCH,
      3 * FIRST_BATCH,
      Math.min(30, 4 * FIRST_BATCH),
    ]);
    expect(result.current).toBe(30);
  });

  it('shows a short list whole, and shrinks at once when items go', async () => {
    const { result, rerender } = renderHook(({ count }) => useProgressiveCount(count), {
      initialProps: { count: 3 },
    });
    expect(result.current).toBe(3);
    await act(async () => {
      rerender({ count: 60 });
      await Promise.resolve();
    });
    expect(result.current).toBe(60);
    rerender({ count: 59 });
    expect(result.current).toBe(59);
    await act(async () => {
      rerender({ count: 0 });
      await Promise.resolve();
    });
    expect(result.current).toBe(0);
  });
});
