import { createTestApp, type TestApp } from '../../server/src/test-support/app';
import { markupIn, unsafeMarkup } from '../support/html-safety';
import { capturedLog, recordSecrets } from '../support/log-capture';
import { report } from '../support/report';
import { xssPayloads } from './xss-payloads';

/**
 * Stored XSS: every payload of the corpus goes in as content, title and label, through REST and
 * GraphQL, on create and on edit. What is stored (read back through both APIs and straight from
 * the database) holds nothing that runs; and the Content-Security-Policy would stop it if it did.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({}, capturedLog('xss'));
  ({ token } = await t.signup());
  recordSecrets(token);
});
afterAll(() => t.close());

interface Stored {
  title: string;
  content: string;
  tags: string[];
}

/** The note as both APIs and the database hold it. */
async function everyCopy(id: string): Promise<Stored[]> {
  const graph = await t.graphql<{ note: Stored }>(
    `query($id: ID!) { note(id: $id) { title content tags } }`,
    { id },
    token,
  );
  const lists = await t.http.get('/api/user').set('authorization', token);
  const rest = [...lists.body.user.notes, ...lists.body.user.archives].find(
    (n: { _id: string }) => n._id === id,
  );
  const row = (await t.behind.notes()).find((n) => n.id === id)!;
  return [
    graph.data!.note,
    rest,
    { title: row.title, content: row.content, tags: JSON.parse(row.tags) },
  ];
}

function problemsOf(copies: Stored[]): string[] {
  return copies.flatMap((c) => [
    ...unsafeMarkup(c.content),
    ...(markupIn(c.title) ? [`title ${c.title}`] : []),
    ...c.tags.filter(markupIn).map((tag) => `label ${tag}`),
  ]);
}

it('no payload survives in stored notes, through either API, on create or edit', async () => {
  const found: string[] = [];
  let writes = 0;
  for (const { name, payload } of xssPayloads) {
    const note = { title: payload, content: payload, tags: [payload, `x${payload}`] };

    const created = await t.http.post('/api/notes').set('authorization', token).send({ note });
    expect(created.status).toBe(201);
    const restId = created.body.notes.at(-1)._id;
    await t.http
      .post(`/api/notes/${restId}`)
      .set('authorization', token)
      .send({ note: { ...note, content: `<p>ok</p>${payload}` } });
    await t.http.post(`/api/notes/archives/${restId}`).set('authorization', token).send({});
    await t.http
      .post(`/api/archives/${restId}`)
      .set('authorization', token)
      .send({ archiveNote: { content: `${payload}<p>archived</p>` } });

    const added = await t.graphql<{ addNote: { id: string } }>(
      `mutation($input: NoteInput!) { addNote(input: $input) { id } }`,
      { input: note },
      token,
    );
    const gqlId = added.data!.addNote.id;
    await t.graphql(
      `mutation($id: ID!, $input: NoteInput!) { updateNote(id: $id, input: $input) { id } }`,
      { id: gqlId, input: { content: `${payload}${payload}`, title: `t ${payload}` } },
      token,
    );
    writes += 6;

    for (const id of [restId, gqlId]) {
      const problems = problemsOf(await everyCopy(id));
      if (problems.length) found.push(`${name}: ${problems.join(', ')}`);
    }
  }
  expect(found).toEqual([]);
  report(
    'stored XSS',
    `${xssPayloads.length} payloads × (content, title, label) × (REST create, edit, archive edit; GraphQL add, update) = ${writes} writes, each read back through REST, GraphQL and the database: nothing that runs was stored`,
  );
});

it('the Content-Security-Policy forbids inline script and plugins, and pins base and framing', async () => {
  const checked: string[] = [];
  for (const [method, path] of [
    ['get', '/'],
    ['get', '/api/notes'],
    ['get', '/healthz'],
    ['post', '/graphql'],
  ] as const) {
    const res = await t.http[method](path).set('accept', 'text/html').set('authorization', token);
    const header = res.headers['content-security-policy'] as string;
    expect(header).toBeTruthy();
    const directives = new Map(
      header
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name!, values]),
    );
    const scripts = directives.get('script-src') ?? directives.get('default-src')!;
    expect(scripts).toBeDefined();
    for (const unsafe of [
      "'unsafe-inline'",
      "'unsafe-eval'",
      '*',
      'data:',
      'http:',
      'https:',
      'blob:',
    ])
      expect(scripts).not.toContain(unsafe);
    expect(directives.get('script-src-attr') ?? scripts).not.toContain("'unsafe-inline'");
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    checked.push(`${method.toUpperCase()} ${path}`);
  }
  report(
    'stored XSS, CSP',
    `${checked.join(', ')}: script-src without inline/eval/wildcards, object-src 'none', base-uri 'none', frame-ancestors 'none'`,
  );
});
