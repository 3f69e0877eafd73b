import { createTestApp, type TestApp } from '../../server/src/test-support/app';
import { TestSocket } from '../../server/src/test-support/ws';
import { capturedLog, recordSecrets } from '../support/log-capture';
import { report } from '../support/report';
import {
  graphqlIdOperations,
  graphqlListQuery,
  restIdRoutes,
  restListRoutes,
} from '../support/routes';

/**
 * Access control matrix (ASVS 8.2.2): user B, with a valid token, aims every REST route and every
 * GraphQL operation at each of user A's notes, wherever it lives (notes, archive, trash): always
 * 404 / NOT_FOUND, never a hint of A's data, and A's notes do not change.
 */
let t: TestApp;
let a: string;
let b: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({}, capturedLog('access-control'));
  a = (await t.signup()).token;
  b = (await t.signup()).token;
  recordSecrets(a, b);
  for (const place of ['notes', 'archive', 'trash']) {
    const res = await t.http
      .post('/api/notes')
      .set('authorization', a)
      .send({
        note: {
          title: `secret-${place}`,
          content: `<p>secret ${place}</p>`,
          tags: [`label-${place}`],
        },
      });
    ids[place] = res.body.notes.at(-1)._id;
  }
  await t.http.post(`/api/notes/archives/${ids.archive}`).set('authorization', a).send({});
  await t.http.post(`/api/notes/trash/${ids.trash}`).set('authorization', a);
  // B owns notes too, so "nothing changes" also means nothing of A's lands in B's lists.
  await t.http
    .post('/api/notes')
    .set('authorization', b)
    .send({ note: { title: 'b-note' } });
});
afterAll(() => t.close());

const snapshot = async (token: string) =>
  JSON.stringify((await t.http.get('/api/user').set('authorization', token)).body.user);

it('every REST route and GraphQL operation on another user’s note: 404, nothing changes', async () => {
  const beforeA = await snapshot(a);
  const beforeB = await snapshot(b);
  const rows = await t.behind.notes();
  let attempts = 0;
  const leaks: string[] = [];
  for (const id of Object.values(ids)) {
    for (const route of restIdRoutes) {
      const req = t.http[route.method](route.path(id)).set('authorization', b);
      const res = await (route.body ? req.send(route.body) : req);
      attempts += 1;
      if (res.status !== 404 || !res.body.errors?.[0])
        leaks.push(`${route.method} ${route.path(id)}: ${res.status}`);
      if (/secret/.test(JSON.stringify(res.body))) leaks.push(`${route.path(id)} leaked content`);
    }
    for (const query of graphqlIdOperations) {
      const res = await t.graphql(query, { id }, b);
      attempts += 1;
      if (res.errors?.[0]?.extensions?.code !== 'NOT_FOUND' || res.data)
        leaks.push(`${query}: ${JSON.stringify(res)}`);
      if (/secret/.test(JSON.stringify(res))) leaks.push(`${query} leaked content`);
    }
  }
  for (const route of restListRoutes) {
    const res = await t.http.get(route).set('authorization', b);
    attempts += 1;
    if (/secret/.test(JSON.stringify(res.body))) leaks.push(`${route} lists A's notes`);
  }
  const lists = await t.graphql(graphqlListQuery, {}, b);
  attempts += 1;
  if (/secret/.test(JSON.stringify(lists))) leaks.push('GraphQL lists show A’s notes or labels');

  expect(leaks).toEqual([]);
  expect(await snapshot(a)).toBe(beforeA);
  expect(await snapshot(b)).toBe(beforeB);
  expect(await t.behind.notes()).toEqual(rows);
  report(
    'access control',
    `${attempts} attempts by user B on user A's notes in notes, archive and trash (${restIdRoutes.length} REST routes + ${graphqlIdOperations.length} GraphQL operations each, plus every list): all 404 / NOT_FOUND, no content leaked, every row unchanged`,
  );
});

it('labels and the trash: renameLabel, deleteLabel and emptyTrash only ever touch the caller’s notes', async () => {
  const beforeA = await snapshot(a);
  const rowsA = async () =>
    JSON.stringify((await t.behind.notes()).filter((n) => Object.values(ids).includes(n.id)));
  const before = await rowsA();
  const leaks: string[] = [];
  // B aims at A's labels (B has none of them): NOT_FOUND, A unchanged.
  for (const label of ['label-notes', 'label-archive', 'label-trash']) {
    for (const [query, variables] of [
      [`mutation($l: String!) { renameLabel(from: $l, to: "pwned") }`, { l: label }],
      [`mutation($l: String!) { deleteLabel(name: $l) }`, { l: label }],
    ] as const) {
      const res = await t.graphql(query, variables, b);
      if (res.errors?.[0]?.extensions?.code !== 'NOT_FOUND' || res.data)
        leaks.push(`${query} ${label}: ${JSON.stringify(res)}`);
    }
  }
  // B with A's label on a note of its own: B's rename and delete change B's note only.
  const own = await t.http
    .post('/api/notes')
    .set('authorization', b)
    .send({ note: { title: 'b-labelled', tags: ['label-notes'] } });
  expect(own.status).toBe(201);
  const renamed = await t.graphql<{ renameLabel: string[] }>(
    `mutation { renameLabel(from: "label-notes", to: "b-label") }`,
    {},
    b,
  );
  expect(renamed.data?.renameLabel).toEqual(['b-label']);
  const deleted = await t.graphql<{ deleteLabel: string[] }>(
    `mutation { deleteLabel(name: "b-label") }`,
    {},
    b,
  );
  expect(deleted.data?.deleteLabel).toEqual([]);
  // B empties B's trash, A's trashed note stays.
  const emptied = await t.graphql<{ emptyTrash: string[] }>(`mutation { emptyTrash }`, {}, b);
  expect(emptied.data?.emptyTrash).toEqual([]);
  expect(leaks).toEqual([]);
  expect(await rowsA()).toBe(before);
  expect(await snapshot(a)).toBe(beforeA);
  report(
    'access control',
    'labels and the trash: user B renaming or deleting each of user A’s labels (notes, archive, trash) gets NOT_FOUND; B’s own rename, delete and emptyTrash change none of A’s notes',
  );
});

it('version history: another user never reads nor restores a revision, even knowing its id', async () => {
  // A's note gets a revision (the text before an edit).
  const added = await t.graphql<{ addNote: { id: string } }>(
    `mutation { addNote(input: { title: "history", content: "<p>secret v1</p>" }) { id } }`,
    {},
    a,
  );
  const noteId = added.data!.addNote.id;
  await t.graphql(
    `mutation($id: ID!) { updateNote(id: $id, input: { content: "<p>secret v2</p>" }) { id } }`,
    { id: noteId },
    a,
  );
  const history = await t.graphql<{ note: { revisions: Array<{ id: string }> } }>(
    `query($id: ID!) { note(id: $id) { revisions { id } } }`,
    { id: noteId },
    a,
  );
  const revisionId = history.data!.note.revisions[0]!.id;
  const before = JSON.stringify(await t.behind.notes());
  const ownId = (
    await t.graphql<{ addNote: { id: string } }>(
      `mutation { addNote(input: { title: "b own" }) { id } }`,
      {},
      b,
    )
  ).data!.addNote.id;
  const leaks: string[] = [];
  for (const [query, variables] of [
    [`query($id: ID!) { note(id: $id) { revisions { id content } } }`, { id: noteId }],
    [
      `mutation($n: ID!, $r: ID!) { restoreRevision(noteId: $n, revisionId: $r) { id content } }`,
      { n: noteId, r: revisionId },
    ],
    [
      `mutation($n: ID!, $r: ID!) { restoreRevision(noteId: $n, revisionId: $r) { id content } }`,
      { n: ownId, r: revisionId },
    ],
  ] as const) {
    const res = await t.graphql(query, variables, b);
    if (
      res.errors?.[0]?.extensions?.code !== 'NOT_FOUND' ||
      res.data ||
      JSON.stringify(res).includes('secret')
    )
      leaks.push(`${query}: ${JSON.stringify(res)}`);
  }
  const own = await t.graphql<{ notes: { nodes: Array<{ revisions: unknown[] }> } }>(
    `{ notes { nodes { revisions { id content } } } }`,
    {},
    b,
  );
  if (JSON.stringify(own).includes('secret')) leaks.push(`B's list: ${JSON.stringify(own)}`);
  expect(leaks).toEqual([]);
  const after = JSON.parse(JSON.stringify(await t.behind.notes())) as Array<{ id: string }>;
  expect(JSON.stringify(after.filter((n) => n.id !== ownId))).toBe(before);
  report(
    'access control',
    'version history: user B reading the revisions of user A’s note, or restoring A’s revision onto A’s note or B’s own, gets NOT_FOUND; nothing of A’s leaks or changes',
  );
});

it('ids that do not exist, or are not ids at all, are 404 too', async () => {
  let attempts = 0;
  for (const id of [
    '00000000-0000-4000-8000-000000000000',
    'not-a-uuid',
    '%27%20OR%201%3D1--',
    '..%2F..%2Fetc%2Fpasswd',
  ]) {
    for (const route of restIdRoutes) {
      const req = t.http[route.method](route.path(id)).set('authorization', a);
      const res = await (route.body ? req.send(route.body) : req);
      expect(res.status).toBe(404);
      attempts += 1;
    }
    for (const query of graphqlIdOperations) {
      const res = await t.graphql(query, { id: decodeURIComponent(id) }, a);
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      attempts += 1;
    }
  }
  report('access control', `${attempts} attempts on unknown or malformed ids: all 404 / NOT_FOUND`);
});

it('subscriptions: user B never receives user A’s changes, from any cursor', async () => {
  const { wsUrl } = await t.listen();
  const cursor = async (token: string) =>
    Number(
      (await t.graphql<{ noteEventsCursor: string }>('{ noteEventsCursor }', {}, token)).data!
        .noteEventsCursor,
    );
  const bFrom = await cursor(b);
  const bSocket = await TestSocket.connect(wsUrl, b);
  const fromNow = bSocket.noteEvents(String(bFrom));
  const fromStart = bSocket.noteEvents('0');
  const aSocket = await TestSocket.connect(wsUrl, a);
  const aEvents = aSocket.noteEvents(String(await cursor(a)));
  // A changes every one of its notes, wherever it is, through both APIs.
  await t.http
    .post(`/api/notes/${ids.notes}`)
    .set('authorization', a)
    .send({ note: { title: 'secret-edited' } });
  await t.graphql(
    `mutation($id: ID!) { updateNote(id: $id, input: { content: "<p>secret again</p>" }) { id } }`,
    { id: ids.archive },
    a,
  );
  await t.graphql(`mutation($id: ID!) { restoreNote(id: $id) { id } }`, { id: ids.trash }, a);
  await aEvents.until(await cursor(a));
  // B's own change: once it has arrived, anything of A's would have too.
  const marker = await t.http
    .post('/api/notes')
    .set('authorization', b)
    .send({ note: { title: 'b-marker' } });
  const markerId = marker.body.notes.find((n: { title: string }) => n.title === 'b-marker')._id;
  const last = await cursor(b);
  await fromNow.until(last);
  await fromStart.until(last);
  const leaks: string[] = [];
  for (const sub of [fromNow, fromStart]) {
    if (/secret/.test(JSON.stringify(sub.events)))
      leaks.push(`B's subscription ${sub.id} shows A's content`);
    if (sub.events.some((e) => Object.values(ids).includes(e.noteId)))
      leaks.push(`B's subscription ${sub.id} names A's note`);
  }
  expect(leaks).toEqual([]);
  expect(fromNow.events.map((e) => e.noteId)).toEqual([markerId]);
  // A cursor from A's feed means nothing in B's: ahead of B's feed, so refused.
  const aCursor = await cursor(a);
  const borrowed = await bSocket.noteEvents(String(aCursor)).failure();
  expect(borrowed[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  expect(aEvents.events.length).toBe(3);
  await Promise.all([aSocket.close(), bSocket.close()]);
  report(
    'access control',
    `subscriptions: A changed its notes in notes, archive and trash (REST and GraphQL, ${aEvents.events.length} events); B's two subscriptions (from now and from 0) received only B's own ${fromStart.events.length} events, no content of A's; A's cursor is refused in B's feed`,
  );
});
