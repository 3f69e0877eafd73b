import { draftOf, EMPTY_DRAFT } from '../editor/draft';
import { aNote } from '../../../test-support/fake-server';
import { emptyNote } from './empty-note';

const AT = '2026-11-28T09:00:00.000Z';

it('is a first version with nothing in it, where it was added, made and changed at once', () => {
  const note = emptyNote('n1', 'ARCHIVE', AT);
  expect(note).toMatchObject({ id: 'n1', location: 'ARCHIVE', version: 1, createdAt: AT });
  expect(note.updatedAt).toBe(AT);
  expect(draftOf(note)).toEqual({
    title: '',
    content: '',
    color: '',
    priority: null,
    tags: [],
    pinned: false,
  });
  expect(note).toMatchObject({ textContent: '', previousLocation: null, trashedAt: null });
});

it("is the editor's empty draft and the defaults of the tests' fake notes", () => {
  expect(EMPTY_DRAFT).toEqual(draftOf(emptyNote('new', 'NOTES')));
  const fake = aNote({ id: 'n2', title: '', content: '', textContent: '' });
  expect(fake).toEqual(emptyNote('n2', 'NOTES', fake.createdAt));
});
