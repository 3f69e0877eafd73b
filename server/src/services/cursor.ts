import { badInput } from '../errors';
import type { CursorKey } from '../store';

/** A page's `endCursor`: the key of its last note, opaque to clients. */
export const encodeCursor = (key: CursorKey): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

/** The key inside a cursor this API gave out; anything else is the client's mistake. */
export function decodeCursor(cursor: string): CursorKey {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(key) &&
      key.length >= 2 &&
      key.every((v) => typeof v === 'string' || typeof v === 'number')
    ) {
      return key;
    }
  } catch {
    // falls through to the error below
  }
  throw badInput('after', 'is not a cursor this API gave out');
}
