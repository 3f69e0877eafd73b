import { act, renderHook } from '@testing-library/react';
import { PAGE_SIZE } from '../api/prefetch';
import { FIRST_BATCH } from './use-progressive-count';
import { useRevealedCount } from './use-revealed-count';

/** Lets React run the transitions that draw the next batches. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('useRevealedCount', () => {
  it('offers more only once every card of the page is drawn', async () => {
    const renders: { visible: number; offered: boolean }[] = [];
    const loadMore = jest.fn();
    const { result, rerender } = renderHook(
      ({ count }) => {
        const revealed = useRevealedCount(count, true, loadMore);
        renders.push({ visible: revealed.visible, offered: revealed.showMore !== undefined });
        return revealed;
      },
      { initialProps: { count: PAGE_SIZE } },
    );
    await settle();
    expect(result.current.visible).toBe(PAGE_SIZE);
    result.current.showMore!();
    expect(loadMore).toHaveBeenCalledTimes(1);

    rerender({ count: PAGE_SIZE * 2 });
    await settle();
    expect(result.current.visible).toBe(PAGE_SIZE * 2);
    // The batches drawn on the way to each page offered nothing.
    const early = renders.filter((r) => r.visible % PAGE_SIZE !== 0);
    expect(early.map((r) => r.visible)).toContain(FIRST_BATCH);
    expect(early.every((r) => !r.offered)).toBe(true);
    expect(renders.filter((r) => r.offered).map((r) => r.visible)).toEqual(
      expect.arrayContaining([PAGE_SIZE, PAGE_SIZE * 2]),
    );
  });

  it('offers nothing for a list with no more to it', async () => {
    const { result } = renderHook(() => useRevealedCount(5, false, () => undefined));
    await settle();
    expect(result.current.visible).toBe(5);
    expect(result.current.showMore).toBeUndefined();
  });
});
