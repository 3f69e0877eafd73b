import {
  compareNotes,
  matchesFilter,
  type NoteListFields,
} from '../../../client/src/features/notes/cache/note-rules';
import { createTestApp, type TestApp } from '../test-support/app';

/**
 * Offline, the client searches, filters and sorts the notes it holds with its own copy of spec
 * §9's rules (client/src/features/notes/cache/note-rules.ts). Here both run over the same seeded
 * notes: for every search, label, priority and sort, the client's rules pick and order exactly
 * what the server's list answers (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
let t: TestApp;
let token: string;

const seed = [
  { title: 'Alpha plan', content: '<p>buy Milk</p>', priority: 'HIGH', tags: ['home'] },
  { title: 'beta', content: '<p>milk and honey</p>', priority: 'LOW', tags: ['work', 'home'] },
  { title: 'Gamma', content: '<p>nothing here</p>', priority: null, tags: [], pinned: true },
  { title: 'delta milk', content: '<p>x</p>', priority: 'MEDIUM', tags: ['work'] },
  { title: 'Epsilon', content: '<p>ALPHA in caps</p>', priority: 'LOW', tags: ['misc'] },
  { title: 'Straße', content: '<p>Grüße aus Köln 🎉</p>', priority: 'HIGH', tags: ['misc'] },
  { title: '', content: '<ul><li>eggs</li><li>milk</li></ul>', priority: null, tags: ['home'] },
  { title: 'Pinned plan', content: '<p>plan B</p>', priority: 'LOW', tags: [], pinned: true },
  { title: 'Spaces', content: '<p>two  spaces, then milk</p>', priority: 'MEDIUM', tags: [] },
];

const searches = [undefined, 'milk', 'Milk', ' milk ', 'plan', 'ALPHA', 'ße', 'Köln', '🎉', 'zzz'];
const tagSets = [undefined, ['home'], ['work', 'misc'], ['nobody']];
const priorities = [undefined, 'HIGH', 'LOW'] as const;
const sorts = [undefined, 'DATE_OLDEST', 'PRIORITY_HIGH_TO_LOW', 'PRIORITY_LOW_TO_HIGH'] as const;

const FIELDS = 'id title textContent tags priority createdAt pinned';

async function list(filter: Record<string, unknown>): Promise<NoteListFields[]> {
  const res = await t.graphql<{ notes: { nodes: NoteListFields[] } }>(
    `query($filter: NoteFilter) { notes(filter: $filter, first: 100) { nodes { ${FIELDS} } } }`,
    { filter },
    token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.notes.nodes;
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

it('the client picks and orders the notes as the server does, for every filter and sort', async () => {
  const everything = await list({});
  expect(everything).toHaveLength(seed.length);
  let compared = 0;
  for (const search of searches) {
    for (const tags of tagSets) {
      for (const priority of priorities) {
        for (const sort of sorts) {
          const filter = { search, tags, priority, sort };
          const fromServer = (await list(filter)).map((note) => note.id);
          const offline = everything
            .filter((note) => matchesFilter(note, filter))
            .sort(compareNotes(sort))
            .map((note) => note.id);
          expect({ filter, ids: offline }).toEqual({ filter, ids: fromServer });
          compared += 1;
        }
      }
    }
  }
  expect(compared).toBe(searches.length * tagSets.length * priorities.length * sorts.length);
});
