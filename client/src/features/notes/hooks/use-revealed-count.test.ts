import { act, renderHook } from '@testing-library/react';
import { PAGE_SIZE } from '../api/prefetch';
import { useRevealedCount } from './use-revealed-count';

/** Renders the hook for a list of `count` loaded items and lets its transitions draw. */
function renderList(count: number, hasNextPage: boolean) {
  const loadMore = jest.fn();
  const hook = renderHook(
    ({ count, hasNextPage }) => useRevealedCount(count, hasNextPage, loadMore),
    { initialProps: { count, hasNextPage } },
  );
  return { ...hook, loadMore };
}

/** Lets React run the transitions that draw the next batches. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('useRevealedCount', () => {
  it('draws a page of a long loaded list, and a page more each time the end is reached', async () => {
    const { result, loadMore } = renderList(PAGE_SIZE * 2 + 5, false);
    await settle();
    expect(result.current.visible).toBe(PAGE_SIZE);

    act(() => result.current.showMore!());
    await settle();
    expect(result.current.visible).toBe(PAGE_SIZE * 2);

    act(() => result.current.showMore!());
    await settle();
    expect(result.current.visible).toBe(PAGE_SIZE * 2 + 5);
    // Every loaded item drawn and no page left on the server: no end to reach.
    expect(result.current.showMore).toBeUndefined();
    expect(loadMore).not.toHaveBeenCalled();
  });

  it('asks the server for its next page once every loaded item is drawn, and draws it when it comes', async () => {
    const { result, rerender, loadMore } = renderList(PAGE_SIZE, true);
    await settle();
    expect(result.current.visible).toBe(PAGE_SIZE);

    act(() => result.current.showMore!());
    expect(loadMore).toHaveBeenCalledTimes(1);
    const limit = result.current.limit;
    // Reached again while the page is on its way: the limit stays.
    act(() => result.current.showMore!());
    expect(result.current.limit).toBe(limit);

    rerender({ count: PAGE_SIZE * 2, hasNextPage: false });
    await settle();
    expect(result.current.visible).toBe(PAGE_SIZE * 2);
    expect(result.current.showMore).toBeUndefined();
  });

  it('offers no more while cards are still being drawn', async () => {
    const renders: { visible: number; offered: boolean }[] = [];
    const { result } = renderHook(() => {
      const revealed = useRevealedCount(PAGE_SIZE * 3, true, () => undefined);
      renders.push({ visible: revealed.visible, offered: revealed.showMore !== undefined });
      return revealed;
    });
    await settle();
    act(() => result.current.showMore!());
    await settle();
    expect(renders.filter((r) => r.offered).map((r) => r.visible)).toEqual(
      expect.arrayContaining([PAGE_SIZE, PAGE_SIZE * 2]),
    );
    // The batches drawn on the way to each page offered nothing.
    const early = renders.filter((r) => r.visible % PAGE_SIZE !== 0);
    expect(early.length).toBeGreaterThan(0);
    expect(early.every((r) => !r.offered)).toBe(true);
  });

  it('offers nothing for a short list the server has no more of', async () => {
    const { result } = renderList(5, false);
    await settle();
    expect(result.current.visible).toBe(5);
    expect(result.current.showMore).toBeUndefined();
  });
});
