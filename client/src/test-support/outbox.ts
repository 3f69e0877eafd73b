import type { OutboxEntry, OutboxStorage } from '../features/notes/sync/outbox';

/** Keeps entries in memory: for tests. */
export function memoryOutboxStorage(): OutboxStorage & { entries: Map<string, OutboxEntry> } {
  const entries = new Map<string, OutboxEntry>();
  return {
    entries,
    list: (userId) =>
      Promise.resolve(
        [...entries.entries()]
          .filter(([key]) => key.startsWith(`${userId}:`))
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([, entry]) => entry),
      ),
    put: (userId, entry) => {
      entries.set(`${userId}:${entry.key}`, entry);
      return Promise.resolve();
    },
    remove: (userId, key) => {
      entries.delete(`${userId}:${key}`);
      return Promise.resolve();
    },
  };
}
