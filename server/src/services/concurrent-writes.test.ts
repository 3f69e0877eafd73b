import { createTestApp, type TestApp } from '../test-support/app';

/**
 * Writers racing on one note: each move or delete reads the note and then writes it, so the read
 * must hold the row (PostgreSQL runs read committed). Exactly one of the racers may succeed; the
 * others see the note already gone from where they expected it.
 */
let t: TestApp;
let token: string;

async function mutate(name: string, id: string): Promise<string> {
  const selection = name === 'deleteNote' ? '' : '{ id }';
  const res = await t.graphql(
    `mutation($id: ID!) { ${name}(id: $id) ${selection} }`,
    { id },
    token,
  );
  return res.errors ? (res.errors[0]?.extensions?.code ?? 'ERROR') : 'OK';
}

async function addNote(): Promise<string> {
  const res = await t.graphql<{ addNote: { id: string } }>(
    `mutation { addNote(input: { title: "race", content: "<p>race</p>" }) { id } }`,
    {},
    token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.addNote.id;
}

const race = (name: string, id: string, runners = 8) =>
  Promise.all(Array.from({ length: runners }, () => mutate(name, id)));

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signup());
});
afterAll(() => t.close());

describe('concurrent writes to one note', () => {
  it('lets exactly one of several permanent deletes succeed', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await addNote();
      expect(await mutate('trashNote', id)).toBe('OK');
      const outcomes = await race('deleteNote', id);
      expect(outcomes.filter((o) => o === 'OK')).toHaveLength(1);
      expect(outcomes.filter((o) => o !== 'OK')).toEqual(Array(7).fill('NOT_FOUND'));
      expect(await mutate('restoreNote', id)).toBe('NOT_FOUND');
    }
  });

  it('lets exactly one of several archives succeed, and the note ends archived once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await addNote();
      const outcomes = await race('archiveNote', id);
      expect(outcomes.filter((o) => o === 'OK')).toHaveLength(1);
      const res = await t.graphql<{ archives: { nodes: Array<{ id: string }> } }>(
        `{ archives(first: 100) { nodes { id } } }`,
        {},
        token,
      );
      expect(res.data!.archives.nodes.filter((n) => n.id === id)).toHaveLength(1);
    }
  });
});
