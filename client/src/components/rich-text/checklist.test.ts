import type { ChecklistElement } from './types';
import { openThenTicked, toggleChecklistItem } from './checklist';

const stored =
  '<p>Shop</p><ul data-checklist><li data-checked="true">Milk</li><li data-checked="false">Eggs</li></ul>' +
  '<ul data-checklist><li data-checked="false">Call <strong>Bo</strong></li></ul>';

describe('toggleChecklistItem', () => {
  it('ticks and unticks one item, by its checklist and its place, leaving the rest as it was', () => {
    const ticked = toggleChecklistItem(stored, { block: 1, item: 1 });
    expect(ticked).toBe(stored.replace('"false">Eggs', '"true">Eggs'));
    expect(toggleChecklistItem(ticked!, { block: 1, item: 1 })).toBe(stored);
    expect(toggleChecklistItem(stored, { block: 2, item: 0 })).toBe(
      stored.replace('"false">Call', '"true">Call'),
    );
  });

  it('gives nothing for a place that holds no checklist item', () => {
    expect(toggleChecklistItem(stored, { block: 0, item: 0 })).toBeUndefined();
    expect(toggleChecklistItem(stored, { block: 1, item: 2 })).toBeUndefined();
    expect(toggleChecklistItem(stored, { block: 5, item: 0 })).toBeUndefined();
  });
});

describe('openThenTicked', () => {
  it('puts the open items first and the ticked ones after, each keeping its place', () => {
    const list: ChecklistElement = {
      type: 'checklist',
      children: [true, false, true, false].map((checked, n) => ({
        type: 'check-item',
        checked,
        children: [{ text: `i${n}` }],
      })),
    };
    const { open, ticked } = openThenTicked(list);
    expect(open.map((placed) => placed.index)).toEqual([1, 3]);
    expect(ticked.map((placed) => placed.index)).toEqual([0, 2]);
  });
});
