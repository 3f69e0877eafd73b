import { checkNewLabel, mergeLabels } from './label-rules';

describe('label rules', () => {
  it('merges labels without repeats, in the order the server sorts them', () => {
    expect(mergeLabels(['work', 'Home'], ['home', 'work', 'Äpfel'])).toEqual([
      'Home',
      'home',
      'work',
      'Äpfel',
    ]);
  });

  it('trims a new label and refuses an empty or existing one', () => {
    expect(checkNewLabel('  trip ', ['work'])).toEqual({ ok: true, label: 'trip' });
    expect(checkNewLabel('   ', ['work'])).toEqual({ ok: false, reason: 'empty' });
    expect(checkNewLabel(' work', ['work'])).toEqual({
      ok: false,
      reason: 'duplicate',
      label: 'work',
    });
  });
});
