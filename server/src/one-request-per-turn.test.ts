import type { Request, Response } from 'express';

import { oneRequestPerTurn } from './one-request-per-turn';

/** One turn of the event loop: resolves in the check phase of the next turn. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('oneRequestPerTurn', () => {
  it('starts the requests read in one turn one per turn, in arrival order', async () => {
    const middleware = oneRequestPerTurn();
    const started: number[] = [];
    for (const id of [1, 2, 3]) {
      void middleware({} as Request, {} as Response, () => started.push(id));
    }
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual([1]);
    await nextTurn();
    expect(started).toEqual([1, 2]);
    await nextTurn();
    expect(started).toEqual([1, 2, 3]);
  });

  it('starts a request that comes when none waits on the next turn', async () => {
    const middleware = oneRequestPerTurn();
    const started: string[] = [];
    void middleware({} as Request, {} as Response, () => started.push('first'));
    await nextTurn();
    void middleware({} as Request, {} as Response, () => started.push('later'));
    await nextTurn();
    expect(started).toEqual(['first', 'later']);
  });
});
