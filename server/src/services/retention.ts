import type { Store } from '../store';
import { now, timestamps, type Clock } from './clock';

export interface RetentionOptions {
  /** Days a note stays in the trash before the job deletes it; 0 keeps the trash forever. */
  trashDays: number;
  /** Days a revision is kept; 0 keeps every one. */
  revisionDays: number;
  /** Notes deleted per transaction, so one run never holds the database for long. */
  batchSize?: number;
  clock?: Clock;
}

/** What one run of the job removed. */
export interface RetentionResult {
  trashed: number;
  revisions: number;
}

const dayMs = 86_400_000;

/** The lock that lets one server at a time empty old trash (PostgreSQL advisory lock). */
export const trashRetentionLock = 'jotter:trash-retention';

/** Deletes what has been kept long enough: old trash (for every user) and old revisions. */
export function retentionService(store: Store, options: RetentionOptions) {
  const clock = options.clock ?? Date.now;
  const stamp = options.clock ? timestamps(options.clock) : now;
  const batchSize = options.batchSize ?? 500;

  /**
   * Deletes one batch of the notes trashed before `before`, each with a DELETED event in its
   * owner's feed; -1 when another server holds the lock (it is doing the same work).
   */
  const deleteBatch = (before: string): Promise<number> =>
    store.transaction(async (tx) => {
      if (!(await tx.tryLock(trashRetentionLock))) return -1;
      const expired = await tx.notes.trashedBefore(before, batchSize);
      const at = stamp();
      for (const { id, userId } of expired) {
        await tx.notes.delete(userId, id);
        await tx.events.append(userId, id, 'DELETED', at);
      }
      return expired.length;
    });

  /** Deletes every note trashed more than the retention ago (at `at`); returns how many. */
  async function deleteOldTrash(at = clock()): Promise<number> {
    if (options.trashDays === 0) return 0;
    const before = new Date(at - options.trashDays * dayMs).toISOString();
    let deleted = 0;
    for (;;) {
      const count = await deleteBatch(before);
      if (count < 0) return deleted;
      deleted += count;
      if (count < batchSize) return deleted;
    }
  }

  /** Deletes the revisions older than their retention (at `at`); returns how many. */
  async function pruneRevisions(at = clock()): Promise<number> {
    if (options.revisionDays === 0) return 0;
    return store.revisions.prune(new Date(at - options.revisionDays * dayMs).toISOString());
  }

  return {
    /** The trash retention the clients show: days, 0 for forever. */
    trashDays: options.trashDays,
    /** The revision retention: days, 0 for forever. */
    revisionDays: options.revisionDays,
    deleteOldTrash,
    pruneRevisions,
    /** One run of the whole job. */
    run: async (at = clock()): Promise<RetentionResult> => ({
      trashed: await deleteOldTrash(at),
      revisions: await pruneRevisions(at),
    }),
  };
}

export type RetentionService = ReturnType<typeof retentionService>;
