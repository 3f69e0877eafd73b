import { useLayoutEffect, useRef } from 'react';
import type { FocusEvent, KeyboardEvent, RefObject } from 'react';

/** The toolbar's own controls: its buttons, menu triggers and the select, not a panel's. */
const ITEMS = [
  ':scope > .rt-group > .rt-button',
  ':scope > .rt-group > .rt-select',
  ':scope > .rt-group > .rt-menu > .rt-button',
].join(', ');

const isEnabled = (item: HTMLElement) => !(item as HTMLButtonElement).disabled;

/**
 * A WAI-ARIA toolbar's roving tab index: the toolbar is one tab stop (the control used last, or
 * the first one that can be used), and the arrow keys, Home and End move between its controls.
 * The tab indexes are set on the DOM after every render: the controls come and go, and are
 * disabled and enabled, as the text changes.
 */
export function useRovingToolbar(toolbar: RefObject<HTMLDivElement | null>) {
  const active = useRef(0);
  const items = () => Array.from(toolbar.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);

  const update = () => {
    const all = items();
    let current = all[active.current];
    if (!current || !isEnabled(current)) current = all.find(isEnabled);
    for (const item of all) item.tabIndex = item === current ? 0 : -1;
  };

  useLayoutEffect(update);

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const index = items().indexOf(event.target);
    if (index === -1) return;
    active.current = index;
    update();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(event.target as HTMLElement);
    if (at === -1 || event.altKey || event.ctrlKey || event.metaKey) return;
    const enabled = all.filter(isEnabled);
    const here = enabled.indexOf(all[at]!);
    const next = {
      ArrowRight: enabled[(here + 1) % enabled.length],
      ArrowLeft: enabled[(here - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled[enabled.length - 1],
    }[event.key];
    if (!next) return;
    event.preventDefault();
    next.focus();
    next.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  return { onFocus, onKeyDown };
}
