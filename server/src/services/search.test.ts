import { createTestApp, type TestApp } from '../test-support/app';

/**
 * Spec §9 semantics of search, sort and filter, run in the database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL); search forgives letter case (DESIGN.md, "Deliberate departures").
 */
let t: TestApp;
let token: string;

const seed = [
  { title: 'Alpha plan', content: '<p>buy Milk</p>', priority: 'HIGH', tags: ['home'] },
  { title: 'beta', content: '<p>milk and honey</p>', priority: 'LOW', tags: ['work', 'home'] },
  { title: 'Gamma', content: '<p>nothing here</p>', priority: null, tags: [] },
  { title: 'delta milk', content: '<p>x</p>', priority: 'MEDIUM', tags: ['work'] },
  { title: 'Epsilon', content: '<p>ALPHA in caps</p>', priority: 'LOW', tags: ['misc'] },
];

type Page = { nodes: Array<{ title: string }>; totalCount: number };

async function titles(filter: Record<string, unknown>, location = 'notes'): Promise<string[]> {
  const res = await t.graphql<Record<string, Page>>(
    `query($filter: NoteFilter) { list: ${location}(filter: $filter, first: 100) { nodes { title } totalCount } }`,
    { filter },
    token,
  );
  expect(res.errors).toBeUndefined();
  expect(res.data!.list!.totalCount).toBe(res.data!.list!.nodes.length);
  return res.data!.list!.nodes.map((n) => n.title);
}

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signup());
  for (const note of seed) {
    const res = await t.graphql(
      `mutation($input: NoteInput!) { addNote(input: $input) { id } }`,
      { input: note },
      token,
    );
    expect(res.errors).toBeUndefined();
  }
});
afterAll(() => t.close());

describe('search', () => {
  it('is a substring of the title or the plain text, whatever the letter case', async () => {
    expect(await titles({ search: 'milk' })).toEqual(['delta milk', 'beta', 'Alpha plan']);
    expect(await titles({ search: 'Milk' })).toEqual(['delta milk', 'beta', 'Alpha plan']);
    expect(await titles({ search: 'ALPHA' })).toEqual(['Epsilon', 'Alpha plan']);
    expect(await titles({ search: 'aLpHa PlAn' })).toEqual(['Alpha plan']);
    expect(await titles({ search: 'mi' })).toEqual(['delta milk', 'beta', 'Alpha plan']);
    expect(await titles({ search: 'milks' })).toEqual([]);
  });

  it('is trimmed; an empty or blank query shows all', async () => {
    expect(await titles({ search: '  milk  ' })).toEqual(['delta milk', 'beta', 'Alpha plan']);
    expect(await titles({ search: '   ' })).toHaveLength(5);
    expect(await titles({ search: '' })).toHaveLength(5);
  });

  it('does not match markup, only text', async () => {
    expect(await titles({ search: '<p>' })).toEqual([]);
  });

  it('gives the same page whether or not the count is asked for (it is only run when asked)', async () => {
    type Page = { nodes: Array<{ title: string }>; totalCount?: number; pageInfo: unknown };
    const ask = async (fields: string) => {
      const res = await t.graphql<{ notes: Page }>(
        `query($filter: NoteFilter) { notes(filter: $filter, first: 1) { ${fields} } }`,
        { filter: { search: 'milk' } },
        token,
      );
      expect(res.errors).toBeUndefined();
      return res.data!.notes;
    };
    const withCount = await ask('nodes { title } totalCount pageInfo { hasNextPage }');
    const without = await ask('nodes { title } pageInfo { hasNextPage }');
    expect(withCount.totalCount).toBe(3);
    expect(without).toEqual({ nodes: withCount.nodes, pageInfo: { hasNextPage: true } });
  });

  it('treats LIKE wildcards literally', async () => {
    expect(await titles({ search: '%' })).toEqual([]);
    expect(await titles({ search: '_' })).toEqual([]);
  });

  it('refuses a NUL character with a clear error, on short and long queries alike', async () => {
    for (const search of ['\u0000', '\u0000\u0000\u0000', 'milk\u0000']) {
      const res = await t.graphql(
        `query($filter: NoteFilter) { notes(filter: $filter) { totalCount nodes { title } } }`,
        { filter: { search } },
        token,
      );
      expect(res.errors?.[0]).toMatchObject({
        message: 'filter.search: must not contain the NUL character (U+0000)',
        extensions: { code: 'BAD_USER_INPUT', field: 'filter.search' },
      });
    }
  });
});

describe('filter and sort', () => {
  it('dates: newest first by default and with DATE_LATEST; DATE_OLDEST reverses', async () => {
    const newest = ['Epsilon', 'delta milk', 'Gamma', 'beta', 'Alpha plan'];
    expect(await titles({})).toEqual(newest);
    expect(await titles({ sort: 'DATE_LATEST' })).toEqual(newest);
    expect(await titles({ sort: 'DATE_OLDEST' })).toEqual([...newest].reverse());
  });

  it('tags: any of the selected; none selected means all', async () => {
    expect(await titles({ tags: ['home'] })).toEqual(['beta', 'Alpha plan']);
    expect(await titles({ tags: ['misc', 'work'] })).toEqual(['Epsilon', 'delta milk', 'beta']);
    expect(await titles({ tags: [] })).toHaveLength(5);
    expect(await titles({ tags: ['nope'] })).toEqual([]);
  });

  it('priority keeps only that priority', async () => {
    expect(await titles({ priority: 'LOW' })).toEqual(['Epsilon', 'beta']);
    expect(await titles({ priority: 'HIGH' })).toEqual(['Alpha plan']);
  });

  it('priority orderings group by priority, no priority last, newest first within a group', async () => {
    expect(await titles({ sort: 'PRIORITY_LOW_TO_HIGH' })).toEqual([
      'Epsilon',
      'beta',
      'delta milk',
      'Alpha plan',
      'Gamma',
    ]);
    expect(await titles({ sort: 'PRIORITY_HIGH_TO_LOW' })).toEqual([
      'Alpha plan',
      'delta milk',
      'Epsilon',
      'beta',
      'Gamma',
    ]);
  });

  it('combines search, tags and ordering, and pages through them without gaps or repeats', async () => {
    expect(await titles({ search: 'milk', tags: ['work'], sort: 'PRIORITY_HIGH_TO_LOW' })).toEqual([
      'delta milk',
      'beta',
    ]);
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i += 1) {
      const res: {
        data?: {
          notes: {
            nodes: Array<{ title: string }>;
            pageInfo: { endCursor: string | null; hasNextPage: boolean };
          };
        };
      } = await t.graphql(
        `query($after: String) { notes(first: 2, after: $after, filter: { sort: PRIORITY_LOW_TO_HIGH }) { nodes { title } pageInfo { endCursor hasNextPage } } }`,
        { after },
        token,
      );
      seen.push(...res.data!.notes.nodes.map((n) => n.title));
      if (!res.data!.notes.pageInfo.hasNextPage) break;
      after = res.data!.notes.pageInfo.endCursor;
    }
    expect(seen).toEqual(['Epsilon', 'beta', 'delta milk', 'Alpha plan', 'Gamma']);
  });

  it('archives take the same filter', async () => {
    const own = await t.graphql<{ addNote: { id: string } }>(
      `mutation { addNote(input: { title: "archived milk", tags: ["work"] }) { id } }`,
      {},
      token,
    );
    await t.graphql(
      `mutation($id: ID!) { archiveNote(id: $id) { id } }`,
      { id: own.data!.addNote.id },
      token,
    );
    expect(await titles({ search: 'milk', tags: ['work'] }, 'archives')).toEqual(['archived milk']);
    expect(await titles({ search: 'milk' })).toEqual(['delta milk', 'beta', 'Alpha plan']);
  });
});

/**
 * Unicode case folding, the client's offline search's cases too
 * (client/src/features/notes/cache/note-rules.test.ts): both fold alike.
 */
describe('search folds case as the client does', () => {
  let own: TestApp;
  let ownToken: string;
  const texts = [
    'Groceries',
    'my groceries',
    'Hauptstraße 5',
    'HAUPTSTRASSE 5',
    'un été chaud',
    'UN ÉTÉ CHAUD',
    'στην οδος',
    'KARL',
    'A.B',
    'axb',
  ];

  beforeAll(async () => {
    own = await createTestApp();
    ({ token: ownToken } = await own.signup());
    for (const [i, text] of texts.entries()) {
      // Half in titles, half in the plain text: search reads both.
      const input = i % 2 ? { title: `n${i}`, content: `<p>${text}</p>` } : { title: text };
      const res = await own.graphql(
        `mutation($input: NoteInput!) { addNote(input: $input) { id } }`,
        { input },
        ownToken,
      );
      expect(res.errors).toBeUndefined();
    }
  });
  afterAll(() => own.close());

  const found = async (search: string): Promise<string[]> => {
    const res = await own.graphql<{
      notes: { nodes: Array<{ title: string; textContent: string }> };
    }>(
      `query($filter: NoteFilter) { notes(filter: $filter, first: 100) { nodes { title textContent } } }`,
      { filter: { search } },
      ownToken,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.notes.nodes.map((n) => n.textContent || n.title).sort();
  };

  it.each([
    ['groceries', ['Groceries', 'my groceries']],
    ['GROCERIES', ['Groceries', 'my groceries']],
    ['STRASSE', ['HAUPTSTRASSE 5', 'Hauptstraße 5']],
    ['straße', ['HAUPTSTRASSE 5', 'Hauptstraße 5']],
    ['ÉTÉ', ['UN ÉTÉ CHAUD', 'un été chaud']],
    ['été', ['UN ÉTÉ CHAUD', 'un été chaud']],
    ['e\u0301te\u0301', ['UN ÉTÉ CHAUD', 'un été chaud']],
    ['ΟΔΟΣ', ['στην οδος']],
    ['ka', ['KARL']],
    ['a.b', ['A.B']],
    ['ete', []],
    ['groceriez', []],
  ])('%j finds %j', async (search, titles) => {
    expect(await found(search)).toEqual([...titles].sort());
  });
});

describe('search with labels and priority order, paged', () => {
  const page = async (after: string | null) => {
    const res = await t.graphql<{
      notes: Page & { pageInfo: { endCursor: string | null; hasNextPage: boolean } };
    }>(
      `query($filter: NoteFilter, $after: String) {
        notes(filter: $filter, first: 1, after: $after) {
          nodes { title } totalCount pageInfo { endCursor hasNextPage }
        }
      }`,
      { filter: { search: 'ilk', tags: ['work', 'home'], sort: 'PRIORITY_HIGH_TO_LOW' }, after },
      token,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.notes;
  };

  it('counts the whole match on every page, first (counted with the page) and later ones', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const p = await page(after);
      expect(p.totalCount).toBe(3);
      seen.push(...p.nodes.map((n) => n.title));
      if (!p.pageInfo.hasNextPage) break;
      after = p.pageInfo.endCursor;
    }
    expect(seen).toEqual(['Alpha plan', 'delta milk', 'beta']);
  });

  it('counts zero when nothing matches', async () => {
    const res = await t.graphql<{ notes: Page }>(
      `query($filter: NoteFilter) { notes(filter: $filter, first: 5) { nodes { title } totalCount } }`,
      { filter: { search: 'ilk', tags: ['misc'], sort: 'PRIORITY_HIGH_TO_LOW' } },
      token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.notes).toEqual({ nodes: [], totalCount: 0 });
  });
});
