import { act, renderHook } from '@testing-library/react';
import { BATCH, FIRST_BATCH, useRevealedCount } from './use-revealed-count';

/** Lets React run the transitions that draw the next batches. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function revealed(initial: { count: number; hasNextPage: boolean }) {
  const loadMore = jest.fn();
  const hook = renderHook(
    ({ count, hasNextPage }) => useRevealedCount(count, hasNextPage, loadMore),
    { initialProps: initial },
  );
  /** What the list's end marker does when it comes near the screen. */
  const nearTheEnd = async () => {
    hook.result.current.showMore!();
    await settle();
  };
  return { ...hook, loadMore, nearTheEnd };
}

describe('useRevealedCount', () => {
  it('draws the first batch, and a batch more only as the user nears the end', async () => {
    const list = revealed({ count: 30, hasNextPage: true });
    await settle();
    // Nothing more is drawn by itself: the rest waits for the user.
    expect(list.result.current.visible).toBe(FIRST_BATCH);

    const drawn = [list.result.current.visible];
    while (list.result.current.visible < 30) {
      await list.nearTheEnd();
      drawn.push(list.result.current.visible);
    }
    expect(drawn).toEqual([FIRST_BATCH, FIRST_BATCH + BATCH, FIRST_BATCH + 2 * BATCH, 30]);
    expect(list.loadMore).not.toHaveBeenCalled();

    // Every card drawn: the next time, the next page is asked for.
    await list.nearTheEnd();
    expect(list.loadMore).toHaveBeenCalledTimes(1);
  });

  it("draws a new page's cards a batch at a time too", async () => {
    const list = revealed({ count: 30, hasNextPage: true });
    while (list.result.current.visible < 30) await list.nearTheEnd();
    list.rerender({ count: 60, hasNextPage: false });
    const first = list.result.current.visible;
    expect(first).toBeLessThan(30 + BATCH + 1);
    while (list.result.current.visible < 60) await list.nearTheEnd();
    expect(list.result.current.visible).toBe(60);
    // All drawn and no more pages: nothing more to offer.
    expect(list.result.current.showMore).toBeUndefined();
  });

  it('draws a batch of the page its reach at the end asked for as soon as it comes', async () => {
    const whole = FIRST_BATCH + 2 * BATCH;
    const list = revealed({ count: whole, hasNextPage: true });
    while (list.result.current.visible < whole) await list.nearTheEnd();
    // Every card drawn: the reach asks for the next page, and the user waits at the end.
    await list.nearTheEnd();
    expect(list.loadMore).toHaveBeenCalledTimes(1);
    list.rerender({ count: whole + 30, hasNextPage: false });
    await settle();
    expect(list.result.current.visible).toBe(whole + BATCH);
  });

  it('shows a short list whole, and offers nothing when there is no more', async () => {
    const list = revealed({ count: 5, hasNextPage: false });
    await settle();
    expect(list.result.current.visible).toBe(5);
    expect(list.result.current.showMore).toBeUndefined();
  });

  it('starts again from what it shows when the list shrinks', async () => {
    const list = revealed({ count: 40, hasNextPage: false });
    await list.nearTheEnd();
    await list.nearTheEnd();
    expect(list.result.current.visible).toBe(FIRST_BATCH + 2 * BATCH);
    // A card gone: one fewer drawn, none of the others undrawn.
    list.rerender({ count: 39, hasNextPage: false });
    expect(list.result.current.visible).toBe(FIRST_BATCH + 2 * BATCH);
    // A search leaves 3: all of them; cleared, the long list starts from its first batch.
    list.rerender({ count: 3, hasNextPage: false });
    expect(list.result.current.visible).toBe(3);
    list.rerender({ count: 40, hasNextPage: false });
    expect(list.result.current.visible).toBe(FIRST_BATCH);
  });
});
