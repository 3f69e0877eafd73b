import type { RequestHandler } from 'express';

/**
 * Starts at most one request per turn of the event loop, in the order they arrived.
 *
 * Why: with better-sqlite3 a Jotter request never waits on I/O, so a turn that starts every
 * request read in its poll phase runs them all to the end, about 2 ms each. Since Node 20, libuv
 * accepts one new connection per turn (libuv#3696), so under a burst of new connections the k-th
 * waited for k such turns, each as long as every request then pending: the last of 50 waited
 * seconds (closed loop, p99 1.5 s against a p50 of 80 ms). Timers waited the same. One request
 * per turn keeps a turn as short as one request; the work done is the same, and in order.
 */
export function oneRequestPerTurn(): RequestHandler {
  const waiting: Array<() => void> = [];
  // Scheduled while a request waits. An immediate set from inside an immediate runs on the next
  // turn, after that turn's poll phase has accepted a connection and read the sockets.
  const startNext = () => {
    const start = waiting.shift();
    if (waiting.length > 0) setImmediate(startNext);
    start?.();
  };
  return (_req, _res, next) => {
    if (waiting.push(next) === 1) setImmediate(startNext);
  };
}
