import { Transform } from 'node:stream';

/**
 * Passes a stream on, failing with `tooLarge()` as soon as more than `limit` bytes went through:
 * an upload past its limit is refused while it streams, never held whole.
 */
export function capped(limit: number, tooLarge: () => Error): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > limit ? tooLarge() : null, chunk);
    },
  });
}
