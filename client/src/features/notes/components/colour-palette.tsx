import { Ban, Check } from 'lucide-react';
import { noteColourStyle } from '../editor/note-colours';

/** The six note colours of the spec. */
export const NOTE_COLOURS = ['#F29191', '#3AB0FF', '#14C38E', '#E2C275', '#FF7F3F', '#A2416B'];

interface ColourPaletteProps {
  value: string;
  onChange: (colour: string) => void;
}

/** Six swatches plus "no colour", each in its colour as the theme shows it; the current one is ticked. */
export function ColourPalette({ value, onChange }: ColourPaletteProps) {
  return (
    <div className="palette" role="group" aria-label="Note colour">
      <button
        type="button"
        className="swatch swatch--none"
        aria-label="No colour"
        aria-pressed={value === ''}
        onClick={() => onChange('')}
      >
        <Ban size={16} aria-hidden />
      </button>
      {NOTE_COLOURS.map((colour) => (
        <button
          key={colour}
          type="button"
          className="swatch"
          style={noteColourStyle(colour)}
          aria-label={`Colour ${colour}`}
          aria-pressed={value.toUpperCase() === colour}
          onClick={() => onChange(colour)}
        >
          {value.toUpperCase() === colour && <Check size={14} aria-hidden />}
        </button>
      ))}
    </div>
  );
}
