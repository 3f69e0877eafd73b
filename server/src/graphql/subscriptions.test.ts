import { createClient } from 'graphql-ws';
import jwt from 'jsonwebtoken';
import WebSocket from 'ws';

import { createTestApp, type Listening, type TestApp } from '../test-support/app';
import { TestSocket, type NoteEventPayload } from '../test-support/ws';
import { maxTokens } from './limits';

/**
 * Live sync over WebSocket (SQLite, or PostgreSQL with TEST_DATABASE_URL): the noteEvents
 * subscription delivers every change of the signed-in user's notes in order, replays from a
 * cursor without a gap or a repeat, never shows another user's changes, and its socket closes
 * on logout, on the token's expiry and at shutdown.
 */
let t: TestApp;
let server: Listening;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  server = await t.listen();
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(() => t.close());

async function connect(token: string, options?: WebSocket.ClientOptions): Promise<TestSocket> {
  const socket = await TestSocket.connect(server.wsUrl, token, options);
  sockets.push(socket);
  return socket;
}

async function cursorOf(token: string): Promise<number> {
  const res = await t.graphql<{ noteEventsCursor: string }>(`{ noteEventsCursor }`, {}, token);
  expect(res.errors).toBeUndefined();
  return Number(res.data!.noteEventsCursor);
}

async function add(token: string, title: string): Promise<string> {
  const res = await t.graphql<{ addNote: { id: string } }>(
    `mutation($t: String!) { addNote(input: { title: $t }) { id } }`,
    { t: title },
    token,
  );
  return res.data!.addNote.id;
}

const cursors = (events: NoteEventPayload[]) => events.map((e) => Number(e.cursor));
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('connecting', () => {
  it('a missing, forged, expired or revoked token is refused at connect with 4401; raw, quoted and Bearer tokens are taken', async () => {
    const { token, id, email } = await t.signup();
    const claims = { sub: id, email, ver: 0 };
    const revoked = await t.signup();
    await t.graphql('mutation { logout }', {}, revoked.token);
    const cases: Array<[string, Record<string, unknown>]> = [
      ['no connectionParams', {}],
      ['empty token', { authorization: '' }],
      ['not a string', { authorization: 42 }],
      ['garbage', { authorization: 'Bearer not.a.token' }],
      [
        'wrong secret',
        {
          authorization: jwt.sign(claims, 'not-the-secret-not-the-secret-not-the-x', {
            algorithm: 'HS256',
          }),
        },
      ],
      [
        'expired',
        {
          authorization: jwt.sign(
            { ...claims, exp: Math.floor(Date.now() / 1000) - 5 },
            t.config.jwtSecret!,
            { algorithm: 'HS256' },
          ),
        },
      ],
      [
        'alg none',
        {
          authorization: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`,
        },
      ],
      ['revoked by logout', { authorization: revoked.token }],
    ];
    for (const [label, params] of cases) {
      const socket = await TestSocket.open(server.wsUrl, params);
      const closed = await socket.waitForClose();
      expect({ label, ...closed }).toEqual({
        label,
        code: 4401,
        reason: 'The token is invalid. Unauthorized access error.',
      });
      expect(socket.messages.filter((m) => m.type === 'connection_ack')).toEqual([]);
    }
    for (const form of [token, `"${token}"`, `Bearer ${token}`]) {
      const socket = await connect(form);
      expect(socket.messages[0]).toEqual({ type: 'connection_ack' });
    }
  });

  it('a subscribe before the connection is acknowledged closes the socket (graphql-ws 4401)', async () => {
    const socket = await TestSocket.open(server.wsUrl, null);
    socket.subscribe(`subscription { noteEvents { cursor } }`);
    expect((await socket.waitForClose()).code).toBe(4401);
  });

  it('a message only a server sends, sent by a client, is refused as malformed (4400)', async () => {
    const { token } = await t.signup();
    for (const type of ['next', 'error', 'connection_ack']) {
      const socket = await connect(token);
      socket.ws.send(JSON.stringify({ type, id: '1', payload: {} }));
      expect(await socket.waitForClose()).toEqual({
        code: 4400,
        reason: 'Invalid message received',
      });
    }
  });

  it('an id too long for the close reason is refused as malformed (4400), not as a server fault', async () => {
    const { token } = await t.signup();
    const subscribe = (id: string) =>
      JSON.stringify({
        type: 'subscribe',
        id,
        payload: { query: 'subscription { noteEvents { cursor } }' },
      });
    // 64 bytes is the most taken: reused, it is refused as a duplicate with the id in the reason.
    const longest = 'é'.repeat(32);
    const socket = await connect(token);
    socket.ws.send(subscribe(longest));
    socket.ws.send(subscribe(longest));
    expect(await socket.waitForClose()).toEqual({
      code: 4409,
      reason: `Subscriber for ${longest} already exists`,
    });
    // One byte more is refused at once; so is an id whose duplicate's reason would pass 123 bytes
    // (graphql-ws's close threw in \`ws\`, and the socket closed with 1011, a server fault).
    for (const tooLong of [`${longest}x`, 'x'.repeat(100)]) {
      const refused = await connect(token);
      refused.ws.send(subscribe(tooLong));
      refused.ws.send(subscribe(tooLong));
      expect(await refused.waitForClose()).toEqual({
        code: 4400,
        reason: 'Invalid message received',
      });
    }
  });

  it('queries and mutations are not served over WebSocket, and subscriptions not over HTTP', async () => {
    const { token } = await t.signup();
    const socket = await connect(token);
    for (const query of ['{ me { id } }', 'mutation { addNote(input: { title: "ws" }) { id } }']) {
      const id = socket.subscribe(query);
      await socket.waitFor(
        () => socket.of(id).some((m) => m.type === 'error'),
        `refusal of ${query}`,
      );
      expect(socket.of(id)[0]!.payload[0]).toMatchObject({
        extensions: { code: 'BAD_REQUEST' },
        message: expect.stringMatching(/over HTTP/),
      });
    }
    expect(await cursorOf(token)).toBe(0);
    const http = await t.http
      .post('/graphql')
      .set('authorization', token)
      .send({ query: 'subscription { noteEvents { cursor } }' });
    expect(http.status).toBe(400);
    expect(http.body.errors[0]).toMatchObject({
      extensions: { code: 'BAD_REQUEST' },
      message: expect.stringMatching(/WebSocket/),
    });
  });

  it('a malformed or invalid document is an error on its subscription, and the socket stays open', async () => {
    const { token } = await t.signup();
    const socket = await connect(token);
    for (const query of [
      'subscription {',
      'subscription { nope }',
      'subscription { noteEvents(since: 1) { cursor } }',
    ]) {
      const id = socket.subscribe(query);
      await socket.waitFor(
        () => socket.of(id).some((m) => m.type === 'error'),
        `error for ${query}`,
      );
      expect(socket.of(id)[0]!.payload[0].extensions.code).toBe('BAD_REQUEST');
    }
    const events = socket.noteEvents(String(await cursorOf(token)));
    await add(token, 'still served');
    expect(await events.until(1)).toHaveLength(1);
  });

  it('at most 16 subscriptions per socket', async () => {
    const { token } = await t.signup();
    const socket = await connect(token);
    const subs = Array.from({ length: 17 }, () => socket.noteEvents('0'));
    const refused = await subs[16]!.failure();
    expect(refused[0]).toMatchObject({
      extensions: { code: 'BAD_REQUEST' },
      message: expect.stringMatching(/At most 16/),
    });
    await add(token, 'for the sixteen');
    for (const sub of subs.slice(0, 16)) expect(cursors(await sub.until(1))).toEqual([1]);
  });
});

describe('noteEvents', () => {
  it('delivers every change through either API in order, each with the note as it is now', async () => {
    const { token } = await t.signup();
    expect(await cursorOf(token)).toBe(0);
    const socket = await connect(token);
    const sub = socket.noteEvents('0');
    const restAdd = await t.http
      .post('/api/notes')
      .set('authorization', token)
      .send({ note: { title: 'via REST' } });
    const id = restAdd.body.notes[0]._id as string;
    const gql = (op: string) =>
      t.graphql(`mutation($id: ID!) { ${op}(id: $id) { id } }`, { id }, token);
    const steps: Array<[string, () => Promise<unknown>, Partial<NoteEventPayload['note']> | null]> =
      [
        [
          'added (REST)',
          () => Promise.resolve(),
          { title: 'via REST', location: 'NOTES', version: 1 },
        ],
        [
          'edited (GraphQL)',
          () =>
            t.graphql(
              `mutation($id: ID!) { updateNote(id: $id, input: { title: "via GraphQL" }) { id } }`,
              { id },
              token,
            ),
          { title: 'via GraphQL', version: 2 },
        ],
        [
          'archived (REST)',
          () => t.http.post(`/api/notes/archives/${id}`).set('authorization', token).send({}),
          { location: 'ARCHIVE', version: 3 },
        ],
        [
          'edited in the archive (REST)',
          () =>
            t.http
              .post(`/api/archives/${id}`)
              .set('authorization', token)
              .send({ archiveNote: { title: 'archived' } }),
          { title: 'archived', version: 4 },
        ],
        ['unarchived (GraphQL)', () => gql('unarchiveNote'), { location: 'NOTES', version: 5 }],
        [
          'trashed (REST)',
          () => t.http.post(`/api/notes/trash/${id}`).set('authorization', token),
          { location: 'TRASH', version: 6 },
        ],
        ['restored (GraphQL)', () => gql('restoreNote'), { location: 'NOTES', version: 7 }],
        ['trashed (GraphQL)', () => gql('trashNote'), { location: 'TRASH', version: 8 }],
        [
          'deleted forever (REST)',
          () => t.http.delete(`/api/trash/delete/${id}`).set('authorization', token),
          null,
        ],
      ];
    for (const [i, [label, step, note]] of steps.entries()) {
      await step();
      const events = await sub.until(i + 1);
      const event = events[i]!;
      expect({ label, cursor: event.cursor, noteId: event.noteId }).toEqual({
        label,
        cursor: String(i + 1),
        noteId: id,
      });
      if (note)
        expect({ label, kind: event.kind, note: event.note }).toEqual({
          label,
          kind: 'UPSERTED',
          note: expect.objectContaining(note),
        });
      else
        expect({ label, kind: event.kind, note: event.note }).toEqual({
          label,
          kind: 'DELETED',
          note: null,
        });
    }
    expect(sub.events).toHaveLength(steps.length);
    expect(await cursorOf(token)).toBe(steps.length);
  });

  it('a change delivered after the note is gone comes as DELETED with no note', async () => {
    const { token } = await t.signup();
    const id = await add(token, 'short-lived');
    await t.graphql(`mutation($id: ID!) { trashNote(id: $id) { id } }`, { id }, token);
    await t.graphql(`mutation($id: ID!) { deleteNote(id: $id) }`, { id }, token);
    const socket = await connect(token);
    const events = await socket.noteEvents('0').until(3);
    expect(events.map((e) => [e.cursor, e.kind, e.note])).toEqual([
      ['1', 'DELETED', null],
      ['2', 'DELETED', null],
      ['3', 'DELETED', null],
    ]);
  });

  it('replays from a cursor, then goes live: no gap and no repeat, with writes during the replay', async () => {
    const { token } = await t.signup();
    for (let i = 0; i < 250; i += 1) await add(token, `before ${i}`);
    const socket = await connect(token);
    const fromStart = socket.noteEvents('0');
    const fromMiddle = socket.noteEvents('120');
    const writes = Promise.all(Array.from({ length: 60 }, (_, i) => add(token, `during ${i}`)));
    await writes;
    for (let i = 0; i < 20; i += 1) await add(token, `after ${i}`);
    expect(cursors(await fromStart.until(330))).toEqual(range(1, 330));
    expect(cursors(await fromMiddle.until(330))).toEqual(range(121, 330));
    const titles = fromStart.events.map((e) => e.note!.title);
    expect(new Set(titles).size).toBe(330);
  });

  it('without since, delivers the changes from when it starts, in order', async () => {
    const { token } = await t.signup();
    await add(token, 'before subscribing');
    const socket = await connect(token);
    const sub = socket.noteEvents();
    // The subscription starts when the server has read where the feed stands; write until it hears.
    let written = 1;
    while (sub.events.length === 0) {
      await add(token, `probe ${written}`);
      written += 1;
      if (written > 200) throw new Error('the subscription never started');
    }
    await add(token, 'last');
    const events = await sub.until(written + 1);
    const seen = cursors(events);
    expect(seen[0]).toBeGreaterThan(1);
    expect(seen).toEqual(range(seen[0]!, written + 1));
  });

  it('one user never receives another’s changes', async () => {
    const a = await t.signup();
    const b = await t.signup();
    const aSub = (await connect(a.token)).noteEvents('0');
    const bSub = (await connect(b.token)).noteEvents('0');
    const aIds = [];
    for (let i = 0; i < 5; i += 1) aIds.push(await add(a.token, `secret of A ${i}`));
    const marker = await add(b.token, 'B’s own');
    expect((await bSub.until(1)).map((e) => e.noteId)).toEqual([marker]);
    expect((await aSub.until(5)).map((e) => e.noteId)).toEqual(aIds);
    expect(JSON.stringify(bSub.events)).not.toMatch(/secret/);
    // B’s cursor numbers are B’s own feed: asking from A’s position shows B nothing of A’s.
    const bFromFive = (await connect(b.token)).noteEvents('1');
    await add(b.token, 'B again');
    expect((await bFromFive.until(2)).map((e) => e.note!.title)).toEqual(['B again']);
  });

  it('with writes racing, each socket of a user gets each of that user’s changes exactly once, in order, and no one else’s', async () => {
    const a = await t.signup();
    const b = await t.signup();
    const aSubs = await Promise.all(
      [1, 2, 3].map(async () => (await connect(a.token)).noteEvents('0')),
    );
    const bSubs = await Promise.all(
      [1, 2].map(async () => (await connect(b.token)).noteEvents('0')),
    );
    const aNote = await add(a.token, 'A 0');
    const bNote = await add(b.token, 'B 0');
    const edit = (token: string, id: string, title: string) =>
      t.graphql(
        `mutation($id: ID!, $t: String!) { updateNote(id: $id, input: { title: $t }) { id } }`,
        { id, t: title },
        token,
      );
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? edit(a.token, aNote, `A ${i + 1}`) : edit(b.token, bNote, `B ${i + 1}`),
      ),
    );
    // A last change each, so that anything repeated before it would already be here.
    await edit(a.token, aNote, 'A last');
    await edit(b.token, bNote, 'B last');
    const [finalA, finalB] = await Promise.all(
      [
        [a.token, aNote],
        [b.token, bNote],
      ].map(async ([token, id]) => {
        const res = await t.graphql<{ note: { title: string; version: number } }>(
          `query($id: ID!) { note(id: $id) { title version } }`,
          { id },
          token,
        );
        return res.data!.note;
      }),
    );
    for (const [subs, noteId, final, mine, theirs] of [
      [aSubs, aNote, finalA!, /^A /, /^B /],
      [bSubs, bNote, finalB!, /^B /, /^A /],
    ] as const) {
      for (const sub of subs) {
        const events = await sub.until(12);
        expect(cursors(events)).toEqual(range(1, 12));
        expect(events.every((e) => e.noteId === noteId && mine.test(e.note!.title))).toBe(true);
        expect(events.some((e) => theirs.test(e.note!.title))).toBe(false);
        const versions = events.map((e) => e.note!.version);
        expect(versions).toEqual([...versions].sort((x, y) => x - y));
        expect(events.at(-1)!.note).toMatchObject(final);
      }
    }
  });

  it('a subscriber that does not ask for events while changes commit gets each of them once, in order, when it asks', async () => {
    const { token, id: userId } = await t.signup();
    const first = await add(token, 'first');
    const feed = await t.services.noteEvents.subscribe(userId, '1');
    try {
      const waiting = feed.next();
      const second = await add(token, 'second');
      expect((await waiting).value).toMatchObject({ cursor: '2', noteId: second });
      // Nobody asks while these commit: they wait in the feed, not in the subscriber.
      const later = [];
      for (let i = 0; i < 5; i += 1) later.push(await add(token, `later ${i}`));
      const taken = [];
      for (let i = 0; i < 5; i += 1) taken.push((await feed.next()).value);
      expect(taken.map((e) => [e.cursor, e.noteId])).toEqual(
        later.map((id, i) => [String(i + 3), id]),
      );
      const next = feed.next();
      await t.graphql(`mutation($id: ID!) { trashNote(id: $id) { id } }`, { id: first }, token);
      expect((await next).value).toMatchObject({
        cursor: '8',
        kind: 'UPSERTED',
        note: { id: first, location: 'trash', version: 2 },
      });
    } finally {
      await feed.return?.();
    }
  });

  it('a since that is not a cursor, or is ahead of the feed, is BAD_USER_INPUT', async () => {
    const { token } = await t.signup();
    await add(token, 'one');
    const socket = await connect(token);
    for (const since of ['abc', '-1', '1.5', '', ' 1', '1e3', '9'.repeat(20), '2']) {
      const errors = await socket.noteEvents(since).failure();
      expect({ since, error: errors[0] }).toEqual({
        since,
        error: expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT', field: 'since' } }),
      });
    }
  });

  it('a cursor whose next change was pruned: CURSOR_EXPIRED, telling the client to reload', async () => {
    const { token } = await t.signup();
    for (let i = 0; i < 3; i += 1) await add(token, `old ${i}`);
    expect(await t.services.noteEvents.prune()).toBe(0);
    expect(await t.services.noteEvents.prune(Date.now() + 73 * 3_600_000)).toBeGreaterThanOrEqual(
      3,
    );
    const socket = await connect(token);
    for (const since of ['0', '2']) {
      const errors = await socket.noteEvents(since).failure();
      expect(errors[0]).toMatchObject({
        extensions: { code: 'CURSOR_EXPIRED' },
        message: expect.stringMatching(/Reload/),
      });
    }
    // From the current cursor nothing needs replaying: it works, and goes on live.
    const live = socket.noteEvents('3');
    await add(token, 'new');
    expect(cursors(await live.until(4))).toEqual([4]);
  });
});

describe('closing', () => {
  it('logout closes every socket of that user (4401 Signed out), and no one else’s', async () => {
    const a = await t.signup();
    const b = await t.signup();
    const a1 = await connect(a.token);
    const a2 = await connect(a.token);
    const bSocket = await connect(b.token);
    const bSub = bSocket.noteEvents('0');
    a1.noteEvents('0');
    await t.graphql('mutation { logout }', {}, a.token);
    expect(await a1.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
    expect(await a2.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
    await add(b.token, 'B still here');
    expect(await bSub.until(1)).toHaveLength(1);
  });

  it('a socket closes when its token expires (4401 Token expired)', async () => {
    const { id, email } = await t.signup();
    const token = jwt.sign({ sub: id, email, ver: 0 }, t.config.jwtSecret!, {
      algorithm: 'HS256',
      expiresIn: 2,
    });
    const socket = await connect(token);
    expect(await socket.waitForClose(5000)).toEqual({ code: 4401, reason: 'Token expired' });
  });

  it('the official graphql-ws client subscribes and receives events', async () => {
    const { token } = await t.signup();
    const client = createClient({
      url: server.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    const received: unknown[] = [];
    let done: () => void;
    const gotTwo = new Promise<void>((resolve) => (done = resolve));
    const unsubscribe = client.subscribe(
      {
        query:
          'subscription($since: String) { noteEvents(since: $since) { cursor kind note { title version } } }',
        variables: { since: '0' },
      },
      {
        next: (value) => {
          received.push(value.data);
          if (received.length === 2) done();
        },
        error: (error) => {
          throw error;
        },
        complete: () => undefined,
      },
    );
    await add(token, 'one');
    await add(token, 'two');
    await gotTwo;
    unsubscribe();
    await client.dispose();
    expect(received).toEqual([
      { noteEvents: { cursor: '1', kind: 'UPSERTED', note: { title: 'one', version: 1 } } },
      { noteEvents: { cursor: '2', kind: 'UPSERTED', note: { title: 'two', version: 1 } } },
    ]);
  });
});

describe('documents', () => {
  it('one made to keep the server busy is refused, as over HTTP, and the socket stays open', async () => {
    const { token } = await t.signup();
    const socket = await connect(token);
    const fields = 'cursor '.repeat(maxTokens);
    const id = socket.subscribe(`subscription { noteEvents { ${fields} } }`);
    await socket.waitFor(() => socket.of(id).some((m) => m.type === 'error'), 'an error');
    const [error] = socket.of(id).filter((m) => m.type === 'error');
    expect(error!.payload).toEqual([
      expect.objectContaining({ message: expect.stringMatching(`${maxTokens} tokens`) }),
    ]);
    // The socket still serves a document within the limits.
    const events = socket.noteEvents();
    await add(token, 'still here');
    expect((await events.until(1)).map((e) => e.note?.title)).toEqual(['still here']);
  });
});

describe('keepalive and shutdown', () => {
  it('pings every WS_PING_SECONDS; a socket that never answers is cut, one that answers stays', async () => {
    const pinging = await createTestApp({ wsPingSeconds: 0.2 });
    try {
      const { wsUrl } = await pinging.listen();
      const { token } = await pinging.signup();
      const silent = await TestSocket.connect(wsUrl, token, { autoPong: false });
      const answering = await TestSocket.connect(wsUrl, token);
      const cut = await silent.waitForClose(5000);
      expect(cut.code).toBe(1006);
      expect(silent.pings).toBeGreaterThanOrEqual(1);
      await answering.waitFor(() => answering.pings >= 4, 'four pings');
      expect(answering.ws.readyState).toBe(WebSocket.OPEN);
      await answering.close();
    } finally {
      await pinging.close();
    }
  });

  it('a server shutting down closes its sockets with 1001 Server shutting down', async () => {
    const stopping = await createTestApp();
    const { wsUrl } = await stopping.listen();
    const { token } = await stopping.signup();
    const socket = await TestSocket.connect(wsUrl, token);
    socket.noteEvents('0');
    await stopping.close();
    expect(await socket.waitForClose()).toEqual({ code: 1001, reason: 'Server shutting down' });
  });
});
