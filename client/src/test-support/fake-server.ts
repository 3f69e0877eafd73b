import fs from 'node:fs';
import path from 'node:path';
import { ApolloLink } from '@apollo/client';
import {
  buildSchema,
  defaultFieldResolver,
  graphql,
  GraphQLError,
  print,
  type GraphQLFieldResolver,
} from 'graphql';
import { Observable } from 'rxjs';
import type { NoteFilter, NoteInput, NoteLocation, ReminderRepeat } from '../gql/graphql';
import { emptyNote } from '../features/notes/api/empty-note';
import type { Note } from '../features/notes/api/note-fields';
import { compareNotes, matchesFilter } from '../features/notes/cache/note-rules';

const schema = buildSchema(
  fs.readFileSync(path.resolve(__dirname, '../../../schema.graphql'), 'utf8'),
);

/** A note as a test seeds it: anything left out takes a plain default. */
export function aNote(fields: Partial<Note> & { id: string }): Note {
  return {
    ...emptyNote(fields.id, 'NOTES', '2026-11-20T10:00:00.000Z'),
    title: `Note ${fields.id}`,
    content: `<p>Body of ${fields.id}</p>`,
    textContent: `Body of ${fields.id}`,
    ...fields,
  };
}

/** A list query's arguments. */
interface ListArgs {
  filter?: NoteFilter | null;
  first?: number | null;
  after?: string | null;
}

/** An earlier text of a note, as the fake server keeps it. */
export interface FakeRevision {
  id: string;
  createdAt: string;
  title: string;
  content: string;
  textContent: string;
}

export interface FakeServerOptions {
  /** What `settings.trashRetentionDays` answers (30, the server's default, when left out). */
  trashRetentionDays?: number;
}

/**
 * A stand-in for the Jotter server in client tests: the real schema, executed by graphql-js over
 * a list of notes the test can read. A test can hold every answer back (to look at the screen
 * before the server answers) and have the next request of an operation refused.
 */
export function fakeServer(initial: Note[] = [], options: FakeServerOptions = {}) {
  const notes = initial.map((note) => ({ ...note }));
  /** Each note's earlier texts, newest first. Every change of text keeps one (no coalescing). */
  const revisions = new Map<string, FakeRevision[]>();
  let revisionCount = 0;
  const keepRevision = (note: Note) => {
    revisionCount += 1;
    const kept: FakeRevision = {
      id: `revision-${revisionCount}`,
      createdAt: new Date(
        Date.parse('2026-11-21T10:00:00.000Z') + revisionCount * 60_000,
      ).toISOString(),
      title: note.title,
      content: note.content,
      textContent: note.textContent,
    };
    revisions.set(note.id, [kept, ...(revisions.get(note.id) ?? [])]);
  };
  const fieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) =>
    info.parentType.name === 'Note' && info.fieldName === 'revisions'
      ? (revisions.get((source as Note).id) ?? [])
      : defaultFieldResolver(source, args, context, info);
  const refusals = new Map<string, string>();
  const sent: string[] = [];
  const feedsSince: number[] = [];
  let gate: Promise<void> = Promise.resolve();
  let added = 0;
  /** The change feed: every change, in order; a cursor is an event's number. */
  const events: Array<{ noteId: string; kind?: 'REMINDED' }> = [];
  const listeners = new Set<() => void>();
  /** The open feeds, each ended by a dropped connection; none open while the feed is down. */
  const feeds = new Set<() => void>();
  let feedDown = false;
  /** While true, every request fails as a fetch does without a network. */
  let networkCut = false;
  /** Operations whose next answer is lost on the way back, after the server has done them. */
  const lostAnswers = new Set<string>();
  const addedByKey = new Map<string, string>();
  const record = (note: Note | string) => {
    events.push({ noteId: typeof note === 'string' ? note : note.id });
    if (typeof note !== 'string') note.version += 1;
    listeners.forEach((listener) => listener());
  };
  const event = (seq: number) => {
    const { noteId, kind } = events[seq - 1]!;
    const note = notes.find((n) => n.id === noteId) ?? null;
    return { cursor: String(seq), kind: note ? (kind ?? 'UPSERTED') : 'DELETED', noteId, note };
  };

  const find = (id: string, from: NoteLocation[]) => {
    const note = notes.find((n) => n.id === id && from.includes(n.location));
    if (!note)
      throw new GraphQLError(`Note ${id} not found`, { extensions: { code: 'NOT_FOUND' } });
    return note;
  };
  /** A page of a list, as the server pages it: `first` notes after the one named by `after`. */
  const page = (location: NoteLocation, { filter, first, after }: ListArgs) => {
    const all = notes
      .filter((n) => n.location === location && matchesFilter(n, filter ?? {}))
      .sort(compareNotes(filter?.sort));
    const start = after ? all.findIndex((n) => n.id === after) + 1 : 0;
    const nodes = all.slice(start, first == null ? undefined : start + first);
    return {
      nodes,
      totalCount: all.length,
      pageInfo: {
        endCursor: nodes.at(-1)?.id ?? null,
        hasNextPage: start + nodes.length < all.length,
      },
    };
  };
  const move = (id: string, from: NoteLocation[], to: (note: Note) => Partial<Note>) => {
    const note = find(id, from);
    Object.assign(note, to(note));
    record(note);
    return note;
  };
  const merge = (note: Note, input: NoteInput, keepsHistory = true) => {
    const retitled = input.title != null && input.title !== note.title;
    const rewritten = input.content != null && input.content !== note.content;
    if (keepsHistory && (retitled || rewritten)) keepRevision(note);
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined) Object.assign(note, { [key]: value });
    }
    if (input.content != null) note.textContent = input.content.replace(/<[^>]*>/g, '');
    record(note);
    return note;
  };

  const rootValue = {
    notes: (args: ListArgs) => page('NOTES', args),
    archives: (args: ListArgs) => page('ARCHIVE', args),
    trash: (args: ListArgs) => page('TRASH', args),
    labels: () =>
      [...new Set(notes.filter((n) => n.location !== 'TRASH').flatMap((n) => n.tags))].sort(),
    noteEventsCursor: () => String(events.length),
    addNote: ({
      input,
      clientKey,
      location,
    }: {
      input: NoteInput;
      clientKey?: string | null;
      location: NoteLocation;
    }) => {
      // As the server does: an add sent again with its key answers the note the first one added.
      const earlier = clientKey ? addedByKey.get(clientKey) : undefined;
      if (earlier) return find(earlier, ['NOTES', 'ARCHIVE', 'TRASH']);
      if (location === 'TRASH') {
        throw new GraphQLError('location: a note is added to NOTES or ARCHIVE', {
          extensions: { code: 'BAD_USER_INPUT', field: 'location' },
        });
      }
      added += 1;
      const note = aNote({
        id: `server-${added}`,
        createdAt: new Date().toISOString(),
        version: 0,
        location,
      });
      notes.push(note);
      if (clientKey) addedByKey.set(clientKey, note.id);
      return merge(note, input, false);
    },
    updateNote: ({
      id,
      input,
      baseVersion,
    }: {
      id: string;
      input: NoteInput;
      baseVersion?: number;
    }) => {
      const note = find(id, ['NOTES', 'ARCHIVE']);
      if (baseVersion != null && baseVersion !== note.version) {
        throw new GraphQLError('The note changed since you opened it', {
          extensions: { code: 'CONFLICT', current: { ...note } },
        });
      }
      return merge(note, input);
    },
    archiveNote: ({ id }: { id: string }) => move(id, ['NOTES'], () => ({ location: 'ARCHIVE' })),
    unarchiveNote: ({ id }: { id: string }) => move(id, ['ARCHIVE'], () => ({ location: 'NOTES' })),
    trashNote: ({ id }: { id: string }) =>
      move(id, ['NOTES', 'ARCHIVE'], (n) => ({
        location: 'TRASH',
        previousLocation: n.location,
        trashedAt: new Date().toISOString(),
      })),
    restoreNote: ({ id }: { id: string }) =>
      move(id, ['TRASH'], (n) => ({
        location: n.previousLocation ?? 'NOTES',
        previousLocation: null,
        trashedAt: null,
      })),
    note: ({ id }: { id: string }) => find(id, ['NOTES', 'ARCHIVE', 'TRASH']),
    settings: () => ({
      trashRetentionDays: options.trashRetentionDays ?? 30,
      revisionRetentionDays: 90,
    }),
    restoreRevision: ({ noteId, revisionId }: { noteId: string; revisionId: string }) => {
      const note = find(noteId, ['NOTES', 'ARCHIVE']);
      const revision = revisions.get(noteId)?.find((r) => r.id === revisionId);
      if (!revision) {
        throw new GraphQLError(`Revision ${revisionId} of note ${noteId} not found`, {
          extensions: { code: 'NOT_FOUND' },
        });
      }
      keepRevision(note);
      Object.assign(note, {
        title: revision.title,
        content: revision.content,
        textContent: revision.textContent,
      });
      record(note);
      return note;
    },
    deleteNote: ({ id }: { id: string }) => {
      notes.splice(notes.indexOf(find(id, ['TRASH'])), 1);
      record(id);
      return id;
    },
    emptyTrash: () => {
      const gone = notes.filter((n) => n.location === 'TRASH');
      for (const note of gone) {
        notes.splice(notes.indexOf(note), 1);
        record(note.id);
      }
      return gone.map((note) => note.id);
    },
    renameLabel: ({ from, to }: { from: string; to: string }) => {
      for (const note of notes.filter((n) => n.tags.includes(from))) {
        note.tags = [...new Set(note.tags.map((tag) => (tag === from ? to : tag)))];
        record(note);
      }
      return rootValue.labels();
    },
    deleteLabel: ({ name }: { name: string }) => {
      for (const note of notes.filter((n) => n.tags.includes(name))) {
        note.tags = note.tags.filter((tag) => tag !== name);
        record(note);
      }
      return rootValue.labels();
    },
    // Reminders are the member's own: setting one does not make a new version of the note.
    reminders: () => {
      const nodes = notes
        .filter((n) => n.reminder && n.location !== 'TRASH')
        .sort((a, b) => Date.parse(a.reminder!.at) - Date.parse(b.reminder!.at));
      return {
        nodes,
        totalCount: nodes.length,
        pageInfo: { endCursor: nodes.at(-1)?.id ?? null, hasNextPage: false },
      };
    },
    setReminder: ({ noteId, at, repeat }: { noteId: string; at: string; repeat?: string }) => {
      const note = find(noteId, ['NOTES', 'ARCHIVE']);
      note.reminder = {
        __typename: 'Reminder',
        at: new Date(at).toISOString(),
        repeat: (repeat ?? 'NONE') as ReminderRepeat,
        firedAt: null,
      };
      return note;
    },
    clearReminder: ({ noteId }: { noteId: string }) => {
      const note = find(noteId, ['NOTES', 'ARCHIVE']);
      note.reminder = null;
      return note;
    },
  };

  /** noteEvents: the events after `since`, then each new one, until unsubscribed. */
  const feed = (since: number) =>
    new Observable<ApolloLink.Result>((observer) => {
      if (feedDown) {
        observer.error(new Error('The server cannot be reached'));
        return undefined;
      }
      const drop = () => observer.error(new Error('The connection dropped'));
      feeds.add(drop);
      let next = since + 1;
      const drain = () => {
        for (; next <= events.length; next += 1) {
          observer.next({ data: { noteEvents: { __typename: 'NoteEvent', ...event(next) } } });
        }
      };
      listeners.add(drain);
      drain();
      return () => {
        listeners.delete(drain);
        feeds.delete(drop);
      };
    });

  const link = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        const name = operation.operationName ?? '';
        if (networkCut) {
          observer.error(new TypeError('Failed to fetch'));
          return undefined;
        }
        sent.push(name);
        if (name === 'NoteEvents') {
          const since = Number((operation.variables as { since?: string }).since ?? events.length);
          feedsSince.push(since);
          return feed(since).subscribe(observer);
        }
        void gate.then(async () => {
          const refusal = refusals.get(name);
          if (refusal) {
            refusals.delete(name);
            observer.next({ errors: [{ message: 'Refused', extensions: { code: refusal } }] });
          } else {
            // As the server does for a request that asks: the feed's cursor before the operation.
            const cursor =
              operation.extensions.noteEventsCursor === true ? String(events.length) : undefined;
            const result = await graphql({
              schema,
              source: print(operation.query),
              rootValue,
              fieldResolver,
              variableValues: operation.variables,
            });
            if (lostAnswers.delete(name)) {
              observer.error(new TypeError('Failed to fetch'));
              return;
            }
            observer.next(
              (cursor === undefined
                ? result
                : { ...result, extensions: { noteEventsCursor: cursor } }) as ApolloLink.Result,
            );
          }
          observer.complete();
        });
      }),
  );

  return {
    link,
    /** The server's notes as they are now. */
    notes,
    /** Each note's earlier texts, newest first. */
    revisions,
    /** The operations the client sent (and the server received), by name, in order. */
    sent,
    /** The cursor each subscription to the feed started from, in order. */
    feedsSince,
    /** A change made elsewhere (another tab or device): the fields change, an event goes out. */
    changeElsewhere(id: string, fields: Partial<Note>) {
      const note = notes.find((n) => n.id === id);
      if (!note) throw new Error(`no note ${id}`);
      Object.assign(note, fields);
      record(note);
    },
    /** A note's reminder fires: it is marked fired and the feed brings REMINDED. */
    fireReminder(id: string) {
      const note = notes.find((n) => n.id === id);
      if (!note?.reminder) throw new Error(`no reminder on ${id}`);
      note.reminder = { ...note.reminder, firedAt: new Date().toISOString() };
      events.push({ noteId: id, kind: 'REMINDED' });
      listeners.forEach((listener) => listener());
    },
    /** Every open feed drops; with `reconnect: false` the feed stays down for good. */
    dropConnections({ reconnect = true } = {}) {
      feedDown = !reconnect;
      [...feeds].forEach((drop) => drop());
    },
    /** Cuts the network (every request fails, every feed drops) or brings it back. */
    /** The next answer to this operation is lost on the way back, after the server did it. */
    loseNextAnswer(operationName: string) {
      lostAnswers.add(operationName);
    },
    cutNetwork(cut = true) {
      networkCut = cut;
      feedDown = cut;
      if (cut) [...feeds].forEach((drop) => drop());
    },
    /** A note added elsewhere. */
    addElsewhere(note: Note) {
      notes.push({ ...note, version: note.version - 1 });
      record(notes.at(-1)!);
    },
    /** Refuses the next request of this operation with a GraphQL error of this code. */
    refuseNext(operationName: string, code = 'NOT_FOUND') {
      refusals.set(operationName, code);
    },
    /** Holds every answer back until the returned function is called. */
    hold(): () => void {
      let release = () => undefined as void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        release();
        gate = Promise.resolve();
      };
    },
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;
