import { createTestApp, type TestApp } from '../test-support/app';

/**
 * The search index (FTS5 trigrams on SQLite, pg_trgm on PostgreSQL) must answer exactly what a
 * scan would: substrings whatever the letter case, kept in step with every write.
 */
let t: TestApp;
let token: string;

async function search(text: string, location = 'notes'): Promise<string[]> {
  const res = await t.graphql<
    Record<string, { nodes: Array<{ title: string }>; totalCount: number }>
  >(
    `query($filter: NoteFilter) { list: ${location}(filter: $filter, first: 100) { nodes { title } totalCount } }`,
    { filter: { search: text } },
    token,
  );
  expect(res.errors).toBeUndefined();
  expect(res.data!.list!.totalCount).toBe(res.data!.list!.nodes.length);
  return res.data!.list!.nodes.map((n) => n.title).sort();
}

async function add(title: string, content: string): Promise<string> {
  const res = await t.graphql<{ addNote: { id: string } }>(
    `mutation($input: NoteInput!) { addNote(input: $input) { id } }`,
    { input: { title, content } },
    token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.addNote.id;
}

const mutate = async (name: string, id: string) => {
  const selection = name === 'deleteNote' ? '' : '{ __typename }';
  const res = await t.graphql(
    `mutation($id: ID!) { ${name}(id: $id) ${selection} }`,
    { id },
    token,
  );
  expect(res.errors).toBeUndefined();
};

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signup());
});
afterAll(() => t.close());

describe('search index', () => {
  it('matches substrings inside words, across spaces and punctuation, whatever the case', async () => {
    await add('Quarterly report', '<p>The "draft" is 50% done; see C:\\docs\\q3_final.</p>');
    await add('quarterly review', '<p>Grüße aus Köln — naïve café</p>');
    expect(await search('uarterl')).toEqual(['Quarterly report', 'quarterly review']);
    expect(await search('Quarterly')).toEqual(['Quarterly report', 'quarterly review']);
    expect(await search('QUARTERLY REP')).toEqual(['Quarterly report']);
    expect(await search('qUARTERLY REVIEW')).toEqual(['quarterly review']);
    expect(await search('"draft" is')).toEqual(['Quarterly report']);
    expect(await search('50% done')).toEqual(['Quarterly report']);
    expect(await search('0%')).toEqual(['Quarterly report']);
    expect(await search('q3_final')).toEqual(['Quarterly report']);
    expect(await search('q3%final')).toEqual([]);
    expect(await search('C:\\docs')).toEqual(['Quarterly report']);
    expect(await search('ße aus Kö')).toEqual(['quarterly review']);
    expect(await search('GRÜSSE AUS KÖLN')).toEqual(['quarterly review']);
    expect(await search('NAÏVE CAFÉ')).toEqual(['quarterly review']);
    expect(await search('é')).toEqual(['quarterly review']);
    expect(await search('ïv')).toEqual(['quarterly review']);
    expect(await search('Cafe')).toEqual([]);
  });

  it('follows edits, moves and deletes', async () => {
    const id = await add('Zebra crossing', '<p>stripes everywhere</p>');
    expect(await search('stripes')).toEqual(['Zebra crossing']);

    const res = await t.graphql(
      `mutation($id: ID!) { updateNote(id: $id, input: { title: "Okapi", content: "<p>spots only</p>" }) { id } }`,
      { id },
      token,
    );
    expect(res.errors).toBeUndefined();
    expect(await search('stripes')).toEqual([]);
    expect(await search('Zebra')).toEqual([]);
    expect(await search('spots only')).toEqual(['Okapi']);

    await mutate('archiveNote', id);
    expect(await search('spots')).toEqual([]);
    expect(await search('spots', 'archives')).toEqual(['Okapi']);

    await mutate('trashNote', id);
    await mutate('deleteNote', id);
    expect(await search('spots', 'archives')).toEqual([]);
    expect(await search('Okapi')).toEqual([]);
  });
});
