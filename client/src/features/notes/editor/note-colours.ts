import type { CSSProperties } from 'react';
import { readableTextColor } from '../../../lib/color';
import { NOTE_COLOURS } from '../components/colour-palette';

const PALETTE = new Set(NOTE_COLOURS.map((colour) => colour.slice(1).toUpperCase()));

/**
 * How a note's colour paints its card and its editor. Each of the six palette colours is a pair
 * of theme variables (styles/note-colours.css): the colour itself in the light theme, a darker
 * variant of the same hue in the dark theme, each with its readable text colour. Another colour
 * (from an import, say) is used as it is. The editor's body and toolbar read `--note-bg` and
 * `--note-fg`, so the whole editor takes the colour.
 */
export function noteColourStyle(color: string): CSSProperties | undefined {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return undefined;
  const key = color.slice(1).toUpperCase();
  const [bg, fg] = PALETTE.has(key)
    ? [`var(--note-${key})`, `var(--note-${key}-text)`]
    : [color, readableTextColor(color)];
  return { '--note-bg': bg, '--note-fg': fg, background: bg, color: fg } as CSSProperties;
}
