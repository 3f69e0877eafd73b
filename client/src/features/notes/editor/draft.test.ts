import { aNote } from '../../../test-support/fake-server';
import { changedFields, draftOf, mergeDraft } from './draft';

const base = draftOf(aNote({ id: 'n', title: 'Plan', content: '<p>a</p>', tags: ['x'] }));

describe('mergeDraft', () => {
  it('takes each side’s change when they touched different fields', () => {
    const mine = { ...base, content: '<p>mine</p>' };
    const theirs = { ...base, title: 'Their title', color: '#F29191' };
    expect(mergeDraft(base, mine, theirs)).toEqual({
      draft: { ...base, content: '<p>mine</p>', title: 'Their title', color: '#F29191' },
      conflicts: [],
    });
  });

  it('reports a field both sides changed differently, keeping mine until the user chooses', () => {
    const mine = { ...base, content: '<p>mine</p>', tags: ['x', 'y'] };
    const theirs = { ...base, content: '<p>theirs</p>', tags: ['x', 'y'] };
    expect(mergeDraft(base, mine, theirs)).toEqual({ draft: mine, conflicts: ['content'] });
  });

  it('sees no change when nothing moved', () => {
    expect(changedFields(base, { ...base, tags: ['x'] })).toEqual([]);
    expect(changedFields(base, { ...base, priority: 'LOW' })).toEqual(['priority']);
  });
});
