import { aNote } from '../../../test-support/fake-server';
import { draftOf } from '../editor/draft';
import { dropDraft, keepDraft, loadDraft } from './local-drafts';

beforeEach(() => localStorage.clear());

describe('local drafts', () => {
  it('keeps a draft per user and note, with the note it was typed over, until dropped', () => {
    const note = aNote({ id: 'n1', version: 3 });
    keepDraft('u1', 'n1', { ...draftOf(note), title: 'typed' }, note);
    keepDraft('u1', 'new', { ...draftOf(null), content: '<p>new</p>' }, null);
    expect(loadDraft('u1', 'n1')).toMatchObject({
      draft: { title: 'typed' },
      base: { version: 3 },
    });
    expect(loadDraft('u2', 'n1')).toBeUndefined();
    dropDraft('u1', 'n1');
    expect(loadDraft('u1', 'n1')).toBeUndefined();
    expect(loadDraft('u1', 'new')?.draft.content).toBe('<p>new</p>');
  });

  it('forgets drafts nobody came back to for a month, and survives damaged storage', () => {
    localStorage.setItem(
      'jotter.drafts.u1',
      JSON.stringify({
        old: { draft: draftOf(null), base: null, savedAt: '2020-01-01T00:00:00Z' },
      }),
    );
    keepDraft('u1', 'n2', draftOf(null), null);
    expect(loadDraft('u1', 'old')).toBeUndefined();
    localStorage.setItem('jotter.drafts.u1', '{not json');
    expect(loadDraft('u1', 'n2')).toBeUndefined();
  });
});
