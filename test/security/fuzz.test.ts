import fc from 'fast-check';

import { createTestApp, type TestApp } from '../../server/src/test-support/app';
import { TestSocket } from '../../server/src/test-support/ws';
import { listen } from '../support/listen';
import { capturedLog, recordSecrets } from '../support/log-capture';
import { report } from '../support/report';

/**
 * Fuzzing with fast-check over every REST route and GraphQL operation: random JSON shapes, wrong
 * types, huge strings, deep nesting, unicode edge cases, __proto__/constructor keys, malformed
 * JSON and wrong content types. Every answer is a success or a 4xx with a message, never a 5xx,
 * and the stored state changes only when the answer is a success.
 */
let t: TestApp;
let base: string;
let wsUrl: string;
let stop: () => Promise<void>;
let token: string;
let userId: string;
const ids: string[] = [];
const counts: Record<string, number> = {};
let tried = 0;

beforeAll(async () => {
  t = await createTestApp({}, capturedLog('fuzz'));
  const server = await listen(t);
  base = server.url;
  wsUrl = server.wsUrl;
  stop = () => server.close();
  ({ token, id: userId } = await t.signup());
  recordSecrets(token);
});
afterAll(async () => {
  await stop();
  await t.close();
});

/** Keeps the fuzz user's notes few (and one in each place), so snapshots stay cheap. */
async function resetNotes() {
  const notes = await t.behind.notes(userId);
  if (notes.length > 40) {
    const extra = notes.filter((n) => !ids.includes(n.id));
    await t.store.transaction(async (tx) => {
      for (const note of extra) await tx.notes.delete(userId, note.id);
    });
  }
  const existing = new Set(notes.map((n) => n.id));
  for (const [i, place] of (['notes', 'archive', 'trash'] as const).entries()) {
    if (ids[i] && existing.has(ids[i])) continue;
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({
        query: `mutation { addNote(input: { title: "fuzz-${place}", tags: ["fuzz-label", "fuzz-${place}"] }) { id } }`,
      }),
    });
    const id = ((await res.json()) as { data: { addNote: { id: string } } }).data.addNote.id;
    if (place !== 'notes') {
      const previousLocation = place === 'trash' ? 'notes' : null;
      await t.store.transaction((tx) =>
        tx.notes.move(userId, id, {
          location: place,
          previousLocation,
          trashedAt: place === 'trash' ? new Date().toISOString() : null,
        }),
      );
    }
    ids[i] = id;
  }
}

async function snapshot() {
  const [users, notes] = await Promise.all([t.behind.users(), t.behind.notes(userId)]);
  return JSON.stringify({ users, notes });
}

// ---- arbitraries ----------------------------------------------------------------------------

const edgeStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\uFEFF',
  '\u202E',
  'e\u0301',
  '🔐',
  '𝕏',
  '\u0085',
  '\r\n',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}',
  '../../etc/passwd',
  '%00',
  'null',
  'undefined',
  '__proto__',
  '#F29191',
  'low',
  'HIGH',
  'a@b.co',
  'x'.repeat(600),
  '1e309',
  'NaN',
);
const anyString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 3, arbitrary: edgeStrings },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 300_000 }).map((n) => 'h'.repeat(n)) },
);
const keys = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'note',
    'archiveNote',
    'title',
    'content',
    'tags',
    'color',
    'priority',
    'email',
    'password',
    'confirmPassword',
    'firstName',
    'lastName',
    'query',
    'variables',
    'operationName',
    'id',
    '_id',
    'isArchive',
    'user_id',
    'createdAt',
    'location',
    'pinned',
    'isPinned',
    'from',
    'to',
    'name',
  ),
  fc.string({ maxLength: 8 }),
);

/** JSON as text, so keys like __proto__ really are own keys on the wire. */
const json: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    anyString.map((s) => JSON.stringify(s)),
    fc
      .oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(1e308, -0, 2 ** 53 + 1),
      )
      .map(String),
    fc.constantFrom('true', 'false', 'null'),
    fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(keys, tie('value')), { maxLength: 6 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

const deep = fc
  .tuple(fc.integer({ min: 50, max: 5000 }), fc.constantFrom('[', '{"note":'))
  .map(([n, open]) =>
    open === '[' ? `${'['.repeat(n)}${']'.repeat(n)}` : `${open.repeat(n)}{}${'}'.repeat(n)}`,
  );

/** A note-like object with each field sometimes right, sometimes of the wrong type. */
const noteish = fc
  .record(
    {
      title: fc.oneof(
        anyString.map((s) => JSON.stringify(s)),
        json,
      ),
      content: fc.oneof(
        anyString.map((s) => JSON.stringify(`<p>${s}</p>`)),
        json,
      ),
      color: fc.oneof(fc.constantFrom('"#F29191"', '""', 'null', '"red"', '"#GGG"'), json),
      priority: fc.oneof(
        fc.constantFrom('"low"', '"medium"', '"high"', '""', 'null', '"LOW"'),
        json,
      ),
      tags: fc.oneof(
        fc.array(anyString, { maxLength: 60 }).map((a) => JSON.stringify(a)),
        json,
      ),
      version: fc.oneof(fc.constantFrom('1', '2', '0', '-1', 'null', '"1"', '1.5', '1e308'), json),
      pinned: fc.oneof(fc.constantFrom('true', 'false', 'null', '"true"', '1', '0'), json),
      isPinned: fc.oneof(fc.constantFrom('true', 'false', 'null', '"true"', '1', '0'), json),
      __proto__: json,
      constructor: json,
    },
    { requiredKeys: [] },
  )
  .map(
    (fields) =>
      `{${Object.entries(fields)
        .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
        .join(',')}}`,
  );

const body = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(fc.constantFrom('note', 'archiveNote'), noteish)
      .map(([k, n]) => `{"${k}":${n}}`),
  },
  { weight: 3, arbitrary: json },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: json.map((j) => j.slice(0, Math.max(0, j.length - 1))) },
);

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/xml',
      'application/graphql',
      '',
    ),
  },
);

const noteId = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 2 }).map((i) => () => ids[i]!) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.uuid(),
        anyString.filter((s) => s.length > 0 && s.length < 200),
      )
      .map((s) => () => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
  },
);

const restRoutes: Array<[string, string]> = [
  ['POST', '/api/auth/signup'],
  ['POST', '/api/auth/login'],
  ['GET', '/api/user'],
  ['GET', '/api/notes'],
  ['POST', '/api/notes'],
  ['POST', '/api/notes/:id'],
  ['DELETE', '/api/notes/:id'],
  ['POST', '/api/notes/archives/:id'],
  ['POST', '/api/notes/trash/:id'],
  ['GET', '/api/archives'],
  ['POST', '/api/archives/:id'],
  ['POST', '/api/archives/restore/:id'],
  ['DELETE', '/api/archives/delete/:id'],
  ['GET', '/api/trash'],
  ['POST', '/api/trash/restore/:id'],
  ['DELETE', '/api/trash/delete/:id'],
  ['GET', '/api/test-todos'],
  ['PUT', '/api/notes'],
  ['PATCH', '/api/notes/:id'],
  ['GET', '/api/nope'],
];

const auth = fc.oneof(
  { weight: 8, arbitrary: fc.constant(() => token) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      () => '',
      () => `"${token}"`,
      () => `Bearer ${token}`,
      () => 'Bearer',
      () => token.slice(0, -3),
    ),
  },
);

// ---- the oracle -----------------------------------------------------------------------------

interface Outcome {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  payload?: string,
): Promise<Outcome> {
  const res = await fetch(`${base}${path}`, { method, headers, body: payload });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // an answer that is not JSON fails the oracle below, unless it is a success
  }
  return { status: res.status, body: parsed };
}

/** Never a 5xx; a 4xx carries a message; GraphQL errors carry a code other than INTERNAL. */
function judge(
  outcome: Outcome,
  graphql: boolean,
): { ok: boolean; success: boolean; why?: string } {
  const { status, body } = outcome;
  if (status >= 500) return { ok: false, success: false, why: `status ${status}` };
  const errors = body?.errors;
  if (status >= 400) {
    const message = Array.isArray(errors)
      ? typeof errors[0] === 'string'
        ? errors[0]
        : errors[0]?.message
      : undefined;
    return typeof message === 'string' && message.length > 0
      ? { ok: true, success: false }
      : { ok: false, success: false, why: `${status} without a message` };
  }
  if (graphql && Array.isArray(errors)) {
    const bad = errors.find(
      (e: { message?: unknown; extensions?: { code?: string } }) =>
        typeof e.message !== 'string' ||
        !e.message ||
        e.extensions?.code === 'INTERNAL_SERVER_ERROR',
    );
    return bad
      ? { ok: false, success: false, why: `GraphQL error ${JSON.stringify(bad)}` }
      : { ok: true, success: false };
  }
  return { ok: true, success: status >= 200 && status < 300 };
}

async function check(label: string, run: () => Promise<Outcome>, graphql: boolean) {
  tried += 1;
  counts[label] = (counts[label] ?? 0) + 1;
  await resetNotes();
  const before = await snapshot();
  const outcome = await run();
  const verdict = judge(outcome, graphql);
  if (!verdict.ok)
    throw new Error(`${label}: ${verdict.why}: ${JSON.stringify(outcome.body).slice(0, 300)}`);
  if (!verdict.success && (await snapshot()) !== before)
    throw new Error(`${label}: state changed on a ${outcome.status} answer`);
}

const runs = { rest: 4500, graphql: 4500, raw: 1200 };
// Thousands of requests per test: on a busy 2-core machine beside CI's other suites one took past
// the suite's 120 s. The count is the test; the time is the machine's.
jest.setTimeout(300_000);

it(`REST: ${runs.rest} random requests over every route`, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...restRoutes),
      noteId,
      body,
      contentType,
      auth,
      fc.boolean(),
      async ([method, route], id, payload, type, token_, withBody) => {
        const path = route.replace(':id', id());
        const headers: Record<string, string> = { authorization: token_() };
        if (type) headers['content-type'] = type;
        const hasBody = withBody && method !== 'GET';
        await check(
          `REST ${method} ${route}`,
          () => send(method, path, headers, hasBody ? payload : undefined),
          false,
        );
      },
    ),
    { numRuns: runs.rest },
  );
});

const gqlOperations: Array<[string, (v: string) => string]> = [
  [
    'signup',
    (v) =>
      `{"query":"mutation($input: SignupInput!) { signup(input: $input) { token user { id } } }","variables":{"input":${v}}}`,
  ],
  [
    'login',
    (v) =>
      `{"query":"mutation($email: String!, $password: String!) { login(email: $email, password: $password) { token } }","variables":${v}}`,
  ],
  [
    'addNote',
    (v) =>
      `{"query":"mutation($input: NoteInput!) { addNote(input: $input) { id title } }","variables":{"input":${v}}}`,
  ],
  [
    'updateNote',
    (v) =>
      `{"query":"mutation($id: ID!, $input: NoteInput!) { updateNote(id: $id, input: $input) { id } }","variables":{"id":"%ID%","input":${v}}}`,
  ],
  [
    'updateNote baseVersion',
    (v) =>
      `{"query":"mutation($id: ID!, $b: Int) { updateNote(id: $id, input: { title: \\"based\\" }, baseVersion: $b) { id version } }","variables":{"id":"%ID%","b":${v}}}`,
  ],
  ['noteEventsCursor', (v) => `{"query":"{ noteEventsCursor }","variables":${v}}`],
  [
    'move',
    (v) =>
      `{"query":"mutation($id: ID!) { archiveNote(id: $id) { id } unarchiveNote(id: $id) { id } trashNote(id: $id) { id } restoreNote(id: $id) { id } }","variables":{"id":${v}}}`,
  ],
  [
    'deleteNote',
    (v) => `{"query":"mutation($id: ID!) { deleteNote(id: $id) }","variables":{"id":${v}}}`,
  ],
  [
    'note',
    (v) => `{"query":"query($id: ID!) { note(id: $id) { id content } }","variables":{"id":${v}}}`,
  ],
  [
    'notes',
    (v) =>
      `{"query":"query($f: NoteFilter, $first: Int, $after: String) { notes(filter: $f, first: $first, after: $after) { totalCount pageInfo { endCursor } } archives(filter: $f, first: $first, after: $after) { totalCount } trash(first: $first, after: $after) { totalCount } }","variables":${v}}`,
  ],
  ['me/labels', (v) => `{"query":"{ me { id } labels }","variables":${v}}`],
  ['emptyTrash', (v) => `{"query":"mutation { emptyTrash }","variables":${v}}`],
  [
    'renameLabel',
    (v) =>
      `{"query":"mutation($from: String!, $to: String!) { renameLabel(from: $from, to: $to) }","variables":${v}}`,
  ],
  [
    'deleteLabel',
    (v) => `{"query":"mutation($name: String!) { deleteLabel(name: $name) }","variables":${v}}`,
  ],
  [
    'restoreRevision',
    (v) =>
      `{"query":"mutation($n: ID!, $r: ID!) { restoreRevision(noteId: $n, revisionId: $r) { id version } }","variables":{"n":"%ID%","r":${v}}}`,
  ],
  [
    'revisions/settings',
    (v) =>
      `{"query":"query($id: ID!) { note(id: $id) { revisions { id createdAt title } } settings { trashRetentionDays revisionRetentionDays } }","variables":{"id":${v}}}`,
  ],
  [
    'raw variables',
    (v) =>
      `{"query":"mutation($input: NoteInput!) { addNote(input: $input) { id } }","variables":${v},"operationName":${v}}`,
  ],
];

/** Label names: the fuzz notes' own (so renames and deletes sometimes succeed), or anything. */
const labelish = fc.oneof(
  fc.constantFrom('fuzz-label', 'fuzz-notes', 'fuzz-archive', 'fuzz-trash', ' fuzz-label ', ''),
  anyString,
);

const gqlVariables = fc.oneof(
  { weight: 3, arbitrary: noteish },
  { weight: 2, arbitrary: json },
  {
    weight: 1,
    arbitrary: fc
      .record({
        search: anyString,
        tags: fc.array(anyString, { maxLength: 60 }),
        priority: fc.constantFrom('LOW', 'low', 'X', null),
        sort: fc.constantFrom('DATE_LATEST', 'NOPE', null),
      })
      .map((f) => JSON.stringify({ f, first: 50, after: null })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer(), anyString)
      .map(([first, after]) => JSON.stringify({ first, after })),
  },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 2 }).map((i) => `"${i}"`) },
  {
    weight: 2,
    arbitrary: fc
      .record({ from: labelish, to: labelish, name: labelish }, { requiredKeys: [] })
      .map((v) => JSON.stringify(v)),
  },
);

it(`GraphQL: ${runs.graphql} random operations and variables`, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...gqlOperations),
      gqlVariables,
      fc.integer({ min: 0, max: 2 }),
      auth,
      contentType,
      async ([name, make], variables, which, token_, type) => {
        const realId = JSON.stringify(ids[which]);
        const v = /^"[0-2]"$/.test(variables) ? realId : variables;
        const payload = make(v).replace('%ID%', ids[which]!);
        const headers: Record<string, string> = {
          authorization: token_(),
          'apollo-require-preflight': 'true',
        };
        if (type) headers['content-type'] = type;
        await check(`GraphQL ${name}`, () => send('POST', '/graphql', headers, payload), true);
      },
    ),
    { numRuns: runs.graphql },
  );
});

it(`raw: ${runs.raw} malformed documents, methods and bodies on both APIs`, async () => {
  const documents = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      '{ __schema { types { name } } }',
      '{ me { id } me { id } }',
      'query { notes(first: 100000) { totalCount } }',
      '{ notes { nodes { id } } }'.repeat(50),
      `{ ${'me { id } '.repeat(200)} }`,
      'subscription { x }',
      'mutation { logout logout }'.replace(/logout/g, 'labels'),
    ),
    fc.integer({ min: 10, max: 2000 }).map((n) => `{ me ${'{ id '.repeat(n)}${'}'.repeat(n)} }`),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'),
      fc.oneof(documents, json),
      contentType,
      fc.boolean(),
      auth,
      async (method, doc, type, wrap, token_) => {
        const headers: Record<string, string> = {
          authorization: token_(),
          'apollo-require-preflight': 'true',
        };
        if (type) headers['content-type'] = type;
        if (method === 'GET') {
          // Node itself answers 431 to a URL past its 16 KB header limit, before the app sees it.
          const query = encodeURIComponent(
            doc.slice(0, 2000).replace(/[\uD800-\uDFFF]/g, '\uFFFD'),
          );
          await check(
            'raw GraphQL GET',
            () =>
              send('GET', `/graphql?query=${query}`, { ...headers, accept: 'application/json' }),
            true,
          );
        } else {
          const payload = wrap ? JSON.stringify({ query: doc }) : doc;
          await check(
            `raw ${method} /graphql`,
            () => send(method, '/graphql', headers, method === 'OPTIONS' ? undefined : payload),
            true,
          );
        }
      },
    ),
    { numRuns: runs.raw },
  );
  const spread = Object.entries(counts)
    .sort()
    .map(([k, n]) => `${k} ${n}`)
    .join('; ');
  report(
    'fuzzing',
    `${tried} cases (${spread}): no 5xx, every 4xx with a message, no GraphQL INTERNAL_SERVER_ERROR, state changed only on success`,
  );
  expect(tried).toBeGreaterThanOrEqual(10_000);
});

// ---- WebSocket ------------------------------------------------------------------------------

const wsRuns = 400;
/** Close codes that mean the server failed rather than refused: graphql-ws's 4500, WebSocket's 1011. */
const serverFaults = new Set([4500, 1011]);

const wsQuery = fc.oneof(
  fc.constantFrom(
    'subscription { noteEvents { cursor } }',
    'subscription($since: String) { noteEvents(since: $since) { cursor kind noteId note { id title version } } }',
    'subscription { noteEvents(since: "0") { cursor } }',
    '{ me { id } }',
    'mutation { logout }',
    'subscription { noteEvents { cursor } } subscription { noteEvents { cursor } }',
  ),
  anyString,
);
const wsMessage = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({
        id: fc.oneof(fc.constantFrom('1', '2'), anyString),
        type: fc.constant('subscribe'),
        payload: fc.record(
          {
            query: wsQuery,
            variables: fc.oneof(
              fc.record({ since: fc.oneof(anyString, fc.constantFrom('0', '1', '99999999999')) }),
              fc.constant(null),
            ),
          },
          { requiredKeys: ['query'] },
        ),
      })
      .map((m) => JSON.stringify(m)),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ id: fc.constantFrom('1', '2', '3'), type: fc.constant('complete') })
      .map((m) => JSON.stringify(m)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"type":"ping"}',
      '{"type":"pong"}',
      '{"type":"connection_init"}',
      '{"type":"next","id":"1","payload":{}}',
      '{"type":"x"}',
    ),
  },
  { weight: 2, arbitrary: json },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);
const wsAuth = fc.oneof(
  { weight: 6, arbitrary: fc.constant(() => token) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      () => `Bearer ${token}`,
      () => token.slice(0, -3),
      () => '',
      () => 'Bearer',
    ),
  },
);

it(`WebSocket: ${wsRuns} random connection parameters and message sequences`, async () => {
  let cases = 0;
  const closes = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(
      wsAuth,
      fc.oneof(json, fc.constant('')),
      fc.array(wsMessage, { maxLength: 5 }),
      async (auth, extra, messages) => {
        cases += 1;
        await resetNotes();
        const before = await snapshot();
        const params = extra.startsWith('{')
          ? { ...(JSON.parse(extra) as object), authorization: auth() }
          : { authorization: auth() };
        const socket = await TestSocket.open(wsUrl, params);
        // Past the acknowledgement (or the refusal), then the random messages, then a ping whose
        // pong (or a close) says the server has read them all.
        await socket
          .waitFor(() => socket.messages.some((m) => m.type === 'connection_ack'), 'connection_ack')
          .catch(() => undefined);
        if (socket.ws.readyState === socket.ws.OPEN) {
          for (const message of messages) socket.ws.send(message);
          socket.ws.send('{"type":"ping","payload":{"last":true}}');
          await socket
            .waitFor(
              () => socket.messages.some((m) => m.type === 'pong' && m.payload?.last),
              'the last pong',
            )
            .catch(() => undefined);
        }
        const closed =
          socket.ws.readyState === socket.ws.CLOSED ? await socket.closed : await socket.close();
        closes.set(closed.code, (closes.get(closed.code) ?? 0) + 1);
        if (serverFaults.has(closed.code))
          throw new Error(
            `closed with ${closed.code} ${closed.reason} after ${JSON.stringify(messages)}`,
          );
        const internal = socket.messages.find((m) =>
          JSON.stringify(m.payload ?? '').includes('INTERNAL_SERVER_ERROR'),
        );
        if (internal)
          throw new Error(
            `internal error: ${JSON.stringify(internal)} after ${JSON.stringify(messages)}`,
          );
        if ((await snapshot()) !== before)
          throw new Error(`state changed over WebSocket after ${JSON.stringify(messages)}`);
      },
    ),
    { numRuns: wsRuns },
  );
  const spread = [...closes]
    .sort(([x], [y]) => x - y)
    .map(([code, n]) => `${code}×${n}`)
    .join(', ');
  report(
    'fuzzing',
    `WebSocket: ${cases} random connections (random connectionParams, subscribe/complete/ping/garbage messages; closes ${spread}): never a 4500/1011 close, never INTERNAL_SERVER_ERROR, state unchanged`,
  );
  expect(cases).toBe(wsRuns);
});
