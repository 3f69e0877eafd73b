import { sql, type Kysely } from 'kysely';

import { attachmentRepository } from './attachments';
import { apiTokenRepository, sessionRepository } from './credentials';
import { adminReader, inviteRepository } from './admin';
import { openDatabase, type DatabaseHandle, type Dialect, type OpenOptions } from './database';
import { noteEventReader, noteEventWriter, type CommitHooks } from './events';
import { identityRepository } from './identities';
import { importKeyRepository } from './imports';
import type { LiveHub } from './live';
import { listQueries, type ListQueries } from './note-lists';
import { noteRepository } from './notes';
import { passkeyRepository } from './passkeys';
import type { Store, StoreTransaction } from './repositories';
import { reminderRepository } from './reminders';
import { revisionRepository } from './revisions';
import type { Database } from './schema';
import { twoFactorRepository } from './two-factor';
import { userRepository } from './users';

/** Every repository over one transaction, which runs what `hooks` queue around its commit. */
function repositories(
  trx: Kysely<Database>,
  dialect: Dialect,
  lists: ListQueries,
  live: LiveHub,
  hooks: CommitHooks,
): StoreTransaction {
  const notes = noteRepository(trx, dialect, lists);
  return {
    users: userRepository(trx),
    sessions: sessionRepository(trx),
    apiTokens: apiTokenRepository(trx),
    notes,
    events: noteEventWriter(trx, dialect, live, hooks, (userId, id) => notes.find(userId, id)),
    revisions: revisionRepository(trx),
    async tryLock(name) {
      if (dialect !== 'postgres') return true;
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(hashtext(${name})) as locked`.execute(trx);
      return rows[0]?.locked === true;
    },
    imports: importKeyRepository(trx),
    identities: identityRepository(trx),
    invites: inviteRepository(trx),
    reminders: reminderRepository(trx, dialect),
    attachments: attachmentRepository(trx),
  };
}

/** The store over an open database; closing the store closes the database. */
export function storeOver(database: DatabaseHandle): Store {
  const { db, dialect, live } = database;
  const lists = listQueries(dialect);
  return {
    users: userRepository(db),
    identities: identityRepository(db),
    sessions: sessionRepository(db),
    apiTokens: apiTokenRepository(db),
    notes: noteRepository(db, dialect, lists),
    events: noteEventReader(db),
    revisions: revisionRepository(db),
    live,
    twoFactor: twoFactorRepository(db),
    passkeys: passkeyRepository(db),
    admin: adminReader(db, dialect),
    invites: inviteRepository(db),
    reminders: reminderRepository(db, dialect),
    attachments: attachmentRepository(db),
    async transaction(fn) {
      const lastSteps: Array<() => Promise<void>> = [];
      const committed: Array<() => void> = [];
      const hooks: CommitHooks = {
        beforeCommit: (step) => lastSteps.push(step),
        afterCommit: (then) => committed.push(then),
      };
      const result = await db.transaction().execute(async (trx) => {
        const value = await fn(repositories(trx, dialect, lists, live, hooks));
        for (const step of lastSteps) await step();
        return value;
      });
      database.afterCommit();
      for (const then of committed) then();
      return result;
    },
    ping: () => database.ping(),
    close: () => database.close(),
  };
}

/**
 * Opens the database named by `url`, brings its schema up to date and returns it as a store:
 * `file:path` or `:memory:` for SQLite, `postgres://…` for PostgreSQL.
 */
export async function openStore(url: string, options?: OpenOptions): Promise<Store> {
  return storeOver(await openDatabase(url, options));
}
