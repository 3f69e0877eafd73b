import { createTestApp, type TestApp } from '../../server/src/test-support/app';
import { unsafeMarkup } from '../support/html-safety';
import { capturedLog, recordSecrets } from '../support/log-capture';
import { report } from '../support/report';
import { xssPayloads } from './xss-payloads';

/**
 * Stored XSS: every payload of the corpus goes in as content, title and label, through REST and
 * GraphQL, on create and on edit. The content (rich text) is sanitised: what is stored, read back
 * through both APIs and straight from the database, holds nothing that runs. A title and a label
 * are plain text (DESIGN.md, "Deliberate departures"): stored exactly as typed, trimmed and
 * without control characters, and answered as JSON strings, never as markup; escaping them is
 * each renderer's job (React, the export writers). The Content-Security-Policy would stop a
 * script if one ran.
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

/** A plain-text field as typed, the way the spec's editor sends it: trimmed, one line. */
const asTyped = (text: string) =>
  text
    .replace(/[\t\n\v\f\r]/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .trim();

/** The note as both APIs and the database hold it; each answer checked to be JSON. */
async function everyCopy(id: string, tk: string): Promise<Stored[]> {
  const graph = await t.graphql<{ note: Stored }>(
    `query($id: ID!) { note(id: $id) { title content tags } }`,
    { id },
    tk,
  );
  const lists = await t.http.get('/api/user').set('authorization', tk);
  expect(lists.headers['content-type']).toMatch(/^application\/json/);
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

function problemsOf(copies: Stored[], expected: { title: string; tags: string[] }): string[] {
  return copies.flatMap((c) => [
    ...unsafeMarkup(c.content),
    ...(c.title === expected.title ? [] : [`title ${c.title}`]),
    ...(JSON.stringify(c.tags) === JSON.stringify(expected.tags)
      ? []
      : [`labels ${JSON.stringify(c.tags)}`]),
  ]);
}

it('no payload survives in stored content; titles and labels are kept as typed, through either API, on create or edit', async () => {
  const found: string[] = [];
  let writes = 0;
  for (const { name, payload } of xssPayloads) {
    // An account per payload: two payloads differing only in letter case are one label.
    const { token: tk } = await t.signup();
    recordSecrets(tk);
    const note = { title: payload, content: payload, tags: [payload, `x${payload}`] };
    const tags = note.tags.map(asTyped);

    const created = await t.http.post('/api/notes').set('authorization', tk).send({ note });
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    const restId = created.body.notes.at(-1)._id;
    const edited = await t.http
      .post(`/api/notes/${restId}`)
      .set('authorization', tk)
      .send({ note: { ...note, content: `<p>ok</p>${payload}` } });
    expect(edited.status).toBe(201);
    await t.http.post(`/api/notes/archives/${restId}`).set('authorization', tk).send({});
    await t.http
      .post(`/api/archives/${restId}`)
      .set('authorization', tk)
      .send({ archiveNote: { content: `${payload}<p>archived</p>` } });

    const added = await t.graphql<{ addNote: { id: string } }>(
      `mutation($input: NoteInput!) { addNote(input: $input) { id } }`,
      { input: note },
      tk,
    );
    expect(added.errors).toBeUndefined();
    const gqlId = added.data!.addNote.id;
    const updated = await t.graphql(
      `mutation($id: ID!, $input: NoteInput!) { updateNote(id: $id, input: $input) { id } }`,
      { id: gqlId, input: { content: `${payload}${payload}`, title: `t ${payload}` } },
      tk,
    );
    expect(updated.errors).toBeUndefined();
    writes += 6;

    for (const [id, title] of [
      [restId, asTyped(payload)],
      [gqlId, asTyped(`t ${payload}`)],
    ] as const) {
      const problems = problemsOf(await everyCopy(id, tk), { title, tags });
      if (problems.length) found.push(`${name}: ${problems.join(', ')}`);
    }
  }
  expect(found).toEqual([]);
  report(
    'stored XSS',
    `${xssPayloads.length} payloads × (content, title, label) × (REST create, edit, archive edit; GraphQL add, update) = ${writes} writes, each read back through REST, GraphQL and the database: nothing that runs was stored in content; titles and labels came back as typed, in JSON`,
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
