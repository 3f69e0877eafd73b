import { createTestApp, type TestApp } from '../test-support/app';

/**
 * Pins through GraphQL (SQLite, or PostgreSQL with TEST_DATABASE_URL): pinned notes lead every
 * list, each group in the chosen order, whatever the filter, and paging with any page size walks
 * the whole list once across the pinned/unpinned boundary. Pinning is a change like any other:
 * one more version, one event.
 */
let t: TestApp;
let token: string;
let userId: string;

type Priority = 'LOW' | 'MEDIUM' | 'HIGH' | null;

/** The notes as made, oldest first (the server's clock strictly increases, so this is their date order). */
interface Made {
  id: string;
  title: string;
  priority: Priority;
  tags: string[];
  pinned: boolean;
}
const made: Made[] = [];

const priorities: Priority[] = ['HIGH', null, 'LOW', 'MEDIUM'];
/** n1, n4 and n7 are pinned when added; n5 is pinned by an edit; n2 is pinned then unpinned. */
const pinnedWhenAdded = new Set([1, 4, 7]);

async function gql<T>(query: string, variables: Record<string, unknown> = {}) {
  return t.graphql<T>(query, variables, token);
}

beforeAll(async () => {
  t = await createTestApp();
  ({ token, id: userId } = await t.signup());
  for (let i = 0; i < 9; i += 1) {
    const input = {
      title: `n${i} ${i % 2 === 0 ? 'alpha' : 'beta'}`,
      content: '<p>body</p>',
      priority: priorities[i % 4],
      tags: i % 3 === 0 ? ['work'] : ['home'],
      ...(pinnedWhenAdded.has(i) ? { pinned: true } : {}),
    };
    const res = await gql<{ addNote: Made }>(
      `mutation($input: NoteInput!) { addNote(input: $input) { id title priority tags pinned } }`,
      { input },
    );
    expect(res.errors).toBeUndefined();
    made.push(res.data!.addNote);
  }
  const pin = (id: string, pinned: boolean) =>
    gql(`mutation($id: ID!, $p: Boolean) { updateNote(id: $id, input: { pinned: $p }) { id } }`, {
      id,
      p: pinned,
    });
  await pin(made[5]!.id, true);
  await pin(made[2]!.id, true);
  await pin(made[2]!.id, false);
  made[5]!.pinned = true;
});
afterAll(() => t.close());

type Sort = 'DATE_LATEST' | 'DATE_OLDEST' | 'PRIORITY_LOW_TO_HIGH' | 'PRIORITY_HIGH_TO_LOW';
const sorts: Sort[] = [
  'DATE_LATEST',
  'DATE_OLDEST',
  'PRIORITY_LOW_TO_HIGH',
  'PRIORITY_HIGH_TO_LOW',
];

/** Spec §9's orders: by date, or grouped by priority (none last) and newest first within. */
function compareWithinGroup(sort: Sort, a: number, b: number): number {
  const rank = (i: number) => {
    const p = made[i]!.priority;
    if (p === null) return 4;
    const low = { LOW: 1, MEDIUM: 2, HIGH: 3 }[p];
    return sort === 'PRIORITY_LOW_TO_HIGH' ? low : 4 - low;
  };
  if (sort === 'DATE_OLDEST') return a - b;
  if (sort === 'DATE_LATEST') return b - a;
  return rank(a) - rank(b) || b - a;
}

/** The titles a list should show: the matching notes, pinned first, each group in `sort`'s order. */
function expected(sort: Sort, keep: (note: Made) => boolean): string[] {
  const indexes = made.map((_, i) => i).filter((i) => keep(made[i]!));
  indexes.sort(
    (a, b) => Number(made[b]!.pinned) - Number(made[a]!.pinned) || compareWithinGroup(sort, a, b),
  );
  return indexes.map((i) => made[i]!.title);
}

interface Page {
  nodes: Array<{ title: string; pinned: boolean }>;
  totalCount: number;
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

const listQuery = (list: 'notes' | 'archives' | 'trash') =>
  `query(${list === 'trash' ? '' : '$filter: NoteFilter, '}$first: Int, $after: String) {
    ${list}(${list === 'trash' ? '' : 'filter: $filter, '}first: $first, after: $after) {
      nodes { title pinned } totalCount pageInfo { endCursor hasNextPage }
    }
  }`;

/** Every page of a list, following endCursor from the first page to the last. */
async function walk(
  filter: Record<string, unknown>,
  first: number,
  list: 'notes' | 'archives' | 'trash' = 'notes',
) {
  const pages: Page[] = [];
  let after: string | null = null;
  for (;;) {
    const res: { data?: Record<string, Page>; errors?: unknown[] } = await gql<
      Record<string, Page>
    >(listQuery(list), { filter, first, after });
    expect(res.errors).toBeUndefined();
    const page: Page = res.data![list]!;
    pages.push(page);
    if (!page.pageInfo.hasNextPage) return pages;
    expect(page.nodes).toHaveLength(first);
    after = page.pageInfo.endCursor;
    if (pages.length > 20) throw new Error('paging does not end');
  }
}

describe('pinned notes first', () => {
  it('the main list by date: the pinned notes newest first, then the others newest first', async () => {
    const res = await gql<{ notes: Page }>(listQuery('notes'), { first: 50 });
    expect(res.data!.notes.nodes).toEqual([
      { title: 'n7 beta', pinned: true },
      { title: 'n5 beta', pinned: true },
      { title: 'n4 alpha', pinned: true },
      { title: 'n1 beta', pinned: true },
      { title: 'n8 alpha', pinned: false },
      { title: 'n6 alpha', pinned: false },
      { title: 'n3 beta', pinned: false },
      { title: 'n2 alpha', pinned: false },
      { title: 'n0 alpha', pinned: false },
    ]);
  });

  const filters: Array<[string, Record<string, unknown>, (note: Made) => boolean]> = [
    ['no filter', {}, () => true],
    ['a label', { tags: ['work'] }, (n) => n.tags.includes('work')],
    ['a priority', { priority: 'HIGH' }, (n) => n.priority === 'HIGH'],
    ['a search (trigram index)', { search: ' alpha ' }, (n) => n.title.includes('alpha')],
    ['a short search', { search: 'n1' }, (n) => n.title.includes('n1')],
    [
      'a search and a label',
      { search: 'beta', tags: ['home', 'work'] },
      (n) => n.title.includes('beta'),
    ],
  ];

  it.each(filters)(
    'with %s, in every order and page size, paging walks each note once, pinned first',
    async (_name, filter, keep) => {
      for (const sort of sorts) {
        const want = expected(sort, keep);
        for (const first of [1, 2, 3, 4, 50]) {
          const pages = await walk({ ...filter, sort }, first);
          const titles = pages.flatMap((p) => p.nodes.map((n) => n.title));
          expect({ sort, first, titles }).toEqual({ sort, first, titles: want });
          for (const page of pages) expect(page.totalCount).toBe(want.length);
        }
      }
    },
  );

  it('the archive and the trash put pinned notes first too', async () => {
    const own = await createTestApp();
    try {
      const { token: tk } = await own.signup();
      const add = async (title: string, pinned: boolean) => {
        const res = await own.graphql<{ addNote: { id: string } }>(
          `mutation($t: String!, $p: Boolean) { addNote(input: { title: $t, pinned: $p }) { id } }`,
          { t: title, p: pinned },
          tk,
        );
        return res.data!.addNote.id;
      };
      const ids = [await add('a', true), await add('b', false), await add('c', false)];
      for (const [mutation, list] of [
        ['archiveNote', 'archives'],
        ['trashNote', 'trash'],
      ] as const) {
        for (const id of ids) {
          await own.graphql(`mutation($id: ID!) { ${mutation}(id: $id) { id } }`, { id }, tk);
        }
        const res = await own.graphql<Record<string, Page>>(listQuery(list), { first: 2 }, tk);
        expect(res.data![list]!.nodes).toEqual([
          { title: 'a', pinned: true },
          { title: 'c', pinned: false },
        ]);
        const rest = await own.graphql<Record<string, Page>>(
          listQuery(list),
          { first: 2, after: res.data![list]!.pageInfo.endCursor },
          tk,
        );
        expect(rest.data![list]!.nodes).toEqual([{ title: 'b', pinned: false }]);
        if (list === 'archives') {
          for (const id of ids) {
            await own.graphql(`mutation($id: ID!) { unarchiveNote(id: $id) { id } }`, { id }, tk);
          }
        }
      }
    } finally {
      await own.close();
    }
  });

  it('a cursor from a pinned note still pages on after that note is unpinned', async () => {
    const first = await gql<{ notes: Page }>(listQuery('notes'), { first: 2 });
    const cursor = first.data!.notes.pageInfo.endCursor;
    // n5 ends the first page; unpinned, it moves among the others, and the next page still
    // starts right after where the first one ended.
    await gql(`mutation($id: ID!) { updateNote(id: $id, input: { pinned: false }) { id } }`, {
      id: made[5]!.id,
    });
    try {
      const next = await gql<{ notes: Page }>(listQuery('notes'), { first: 50, after: cursor });
      expect(next.data!.notes.nodes.map((n) => n.title)).toEqual([
        'n4 alpha',
        'n1 beta',
        'n8 alpha',
        'n6 alpha',
        'n5 beta',
        'n3 beta',
        'n2 alpha',
        'n0 alpha',
      ]);
    } finally {
      await gql(`mutation($id: ID!) { updateNote(id: $id, input: { pinned: true }) { id } }`, {
        id: made[5]!.id,
      });
    }
  });

  it('a cursor that does not fit the ordering is BAD_USER_INPUT on after, never a server error', async () => {
    const cursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    const at = '2026-01-01T00:00:00.000Z';
    const cases: Array<[Sort, unknown]> = [
      ['DATE_LATEST', [at, made[0]!.id]], // from before pins
      ['DATE_LATEST', [2, at, made[0]!.id]], // no such group
      ['DATE_LATEST', ['1', at, made[0]!.id]],
      ['DATE_LATEST', [1, 5, made[0]!.id]],
      ['PRIORITY_LOW_TO_HIGH', [1, 'high', at, made[0]!.id]],
      ['PRIORITY_HIGH_TO_LOW', [0, at, made[0]!.id]], // a date order's cursor
      ['DATE_OLDEST', [0, at, made[0]!.id, 'extra']],
    ];
    for (const [sort, key] of cases) {
      const res = await gql(listQuery('notes'), { filter: { sort }, after: cursor(key) });
      expect({ sort, key, extensions: res.errors?.[0]?.extensions }).toEqual({
        sort,
        key,
        extensions: { code: 'BAD_USER_INPUT', field: 'after' },
      });
    }
  });
});

describe('pinning is a change', () => {
  it('adding pinned, pinning and unpinning: one more version and one UPSERTED event each', async () => {
    const cursor = await t.services.noteEvents.cursor(userId);
    const added = await gql<{ addNote: { id: string; pinned: boolean; version: number } }>(
      `mutation { addNote(input: { title: "pin me", pinned: true }) { id pinned version } }`,
    );
    const { id } = added.data!.addNote;
    expect(added.data!.addNote).toMatchObject({ pinned: true, version: 1 });
    const set = (pinned: boolean | null) =>
      gql<{ updateNote: { pinned: boolean; version: number; title: string } }>(
        `mutation($id: ID!, $p: Boolean) { updateNote(id: $id, input: { pinned: $p }) { pinned version title } }`,
        { id, p: pinned },
      );
    expect((await set(false)).data!.updateNote).toEqual({
      pinned: false,
      version: 2,
      title: 'pin me',
    });
    expect((await set(true)).data!.updateNote).toMatchObject({ pinned: true, version: 3 });
    // null unpins, as null clears a colour or a priority.
    expect((await set(null)).data!.updateNote).toMatchObject({ pinned: false, version: 4 });

    const events = await t.store.events.after(userId, Number(cursor), 100);
    expect(events.map((e) => [e.noteId, e.kind])).toEqual(Array(4).fill([id, 'UPSERTED']));
    // A subscriber catching up from before gets the note as it is now, pin and all.
    const feed = await t.services.noteEvents.subscribe(userId, cursor);
    const first = await feed.next();
    await feed.return?.();
    expect(first.value).toMatchObject({
      kind: 'UPSERTED',
      note: { id, pinned: false, version: 4 },
    });
    const stored = (await t.behind.notes(userId)).find((n) => n.id === id);
    expect(Boolean(stored?.pinned)).toBe(false);
  });

  it('pinned that is not a boolean is refused and changes nothing', async () => {
    const id = made[0]!.id;
    const before = await t.behind.notes(userId);
    for (const p of ['yes', 1, {}]) {
      const res = await gql(
        `mutation($id: ID!, $input: NoteInput!) { updateNote(id: $id, input: $input) { id } }`,
        { id, input: { pinned: p } },
      );
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect(await t.behind.notes(userId)).toEqual(before);
  });
});
