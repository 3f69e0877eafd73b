import { testDatabase } from '../test-support/database';
import { openDatabase, type DatabaseHandle } from './database';
import { columnOf, noteFields, noteShape, type StorageKind } from './note-shape';
import { searchColumns } from './search-text';

/**
 * The `notes` table's row type is derived from the note shape (note-shape.ts) and the folded
 * copies search reads (search-text.ts), not read from the database: this checks that the
 * migrations make exactly those columns, on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL.
 */

/** Whether each kind's column holds null (`Storage[kind]['stored']` says so for the compiler). */
const nullable = {
  text: false,
  optionalText: true,
  count: false,
  location: false,
  optionalLocation: true,
  textList: false,
  flag: false,
  priority: false,
} satisfies Record<StorageKind, boolean>;

let database: { url: string; drop: () => Promise<void> };
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await testDatabase();
  handle = await openDatabase(database.url);
});

afterAll(async () => {
  await handle.close();
  await database.drop();
});

async function notesTable() {
  const tables = await handle.db.introspection.getTables();
  const notes = tables.find((t) => t.name === 'notes' && (t.schema ?? 'public') === 'public');
  if (!notes) throw new Error('no notes table after migrating');
  return notes;
}

it('has a column per declared field, the owner and the search columns: no more, no fewer', async () => {
  const notes = await notesTable();
  const declared = ['user_id', ...noteFields.map(columnOf), ...searchColumns];
  expect(notes.columns.map((c) => c.name).sort()).toEqual(declared.sort());
});

it('lets a column hold null exactly when its field may be null', async () => {
  const notes = await notesTable();
  const actual = Object.fromEntries(
    // The key aside: SQLite lets a primary key that is not an integer hold null unless it is
    // also declared not null (a quirk it keeps for compatibility), and 0001 declares it only
    // the primary key. Nothing writes a null id.
    notes.columns.filter((c) => c.name !== 'id').map((c) => [c.name, c.isNullable]),
  );
  const expected = Object.fromEntries([
    ['user_id', false],
    ...searchColumns.map((c) => [c, false]),
    ...noteFields
      .filter((f) => f !== 'id')
      .map((f) => [columnOf(f), nullable[noteShape[f].storage]]),
  ]);
  expect(actual).toEqual(expected);
});
