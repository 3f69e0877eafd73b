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

  it('refuses a label that differs from an existing one only in letter case, as typed', () => {
    expect(checkNewLabel('Shopping', ['shopping'])).toEqual({
      ok: false,
      reason: 'duplicate',
      label: 'Shopping',
    });
    expect(checkNewLabel(' STRASSE ', ['Straße'])).toEqual({
      ok: false,
      reason: 'duplicate',
      label: 'STRASSE',
    });
    expect(checkNewLabel('Shopping list', ['shopping'])).toEqual({
      ok: true,
      label: 'Shopping list',
    });
  });

  it('lets a label being renamed change only its case, but not into another label', () => {
    expect(checkNewLabel('Work', ['work', 'home'], 'work')).toEqual({ ok: true, label: 'Work' });
    expect(checkNewLabel('HOME', ['work', 'home'], 'work')).toEqual({
      ok: false,
      reason: 'duplicate',
      label: 'HOME',
    });
    expect(checkNewLabel('work', ['work'], 'work')).toEqual({
      ok: false,
      reason: 'duplicate',
      label: 'work',
    });
  });
});
