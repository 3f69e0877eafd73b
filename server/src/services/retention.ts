import type { DroppedAttachment, Store } from '../store';
import { attachmentsOfNotes, dropUnusedAttachments } from './attachments';
import { now, timestamps, type Clock } from './clock';

export interface RetentionOptions {
  /** Days a note stays in the trash before the job deletes it; 0 keeps the trash forever. */
  trashDays: number;
  /** Days a revision is kept; 0 keeps every one. */
  revisionDays: number;
  /** Notes deleted per transaction, so one run never holds the database for long. */
  batchSize?: number;
  clock?: Clock;
  /**
   * The attachments' collection, run with the job: deletes those made before the instant given
   * that nothing uses; and removes the files of those a deletion of old trash dropped.
   */
  attachments?: {
    collect(olderThan: string): Promise<number>;
    removeFiles(dropped: DroppedAttachment[]): Promise<void>;
  };
}

/** What one run of the job removed. */
export interface RetentionResult {
  trashed: number;
  revisions: number;
  /** Attachments nothing used any more, deleted. */
  attachments: number;
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
  const deleteBatch = async (before: string): Promise<number> => {
    const { count, dropped } = await store.transaction(async (tx) => {
      if (!(await tx.tryLock(trashRetentionLock))) return { count: -1, dropped: [] };
      const expired = await tx.notes.trashedBefore(before, batchSize);
      const at = stamp();
      const dropped: DroppedAttachment[] = [];
      for (const { id, userId } of expired) {
        const used = await attachmentsOfNotes(tx, userId, [id]);
        await tx.notes.delete(userId, id);
        await tx.events.append(userId, id, 'DELETED', at);
        dropped.push(...(await dropUnusedAttachments(tx, userId, used)));
      }
      return { count: expired.length, dropped };
    });
    await options.attachments?.removeFiles(dropped);
    return count;
  };

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

  /** Deletes the attachments nothing has used for a day (made more than a day before `at`). */
  async function collectAttachments(at = clock()): Promise<number> {
    if (!options.attachments) return 0;
    return options.attachments.collect(new Date(at - dayMs).toISOString());
  }

  return {
    /** The trash retention the clients show: days, 0 for forever. */
    trashDays: options.trashDays,
    /** The revision retention: days, 0 for forever. */
    revisionDays: options.revisionDays,
    deleteOldTrash,
    pruneRevisions,
    collectAttachments,
    /** One run of the whole job. */
    run: async (at = clock()): Promise<RetentionResult> => ({
      trashed: await deleteOldTrash(at),
      revisions: await pruneRevisions(at),
      attachments: await collectAttachments(at),
    }),
  };
}

export type RetentionService = ReturnType<typeof retentionService>;
