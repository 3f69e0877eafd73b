import { Flag, Palette, Tag } from 'lucide-react';
import { Popover } from '../../../components/popover';
import type { Priority } from '../../../gql/graphql';
import { ColourPalette } from './colour-palette';
import { LabelMenu } from './label-menu';
import { PriorityMenu } from './priority-menu';

interface NoteMetaMenusProps {
  /** "Change" on a card (saves at once), "Choose" in the editor (saved with the note). */
  verb: 'Change' | 'Choose';
  color: string;
  tags: string[];
  priority: Priority | null;
  onColorChange: (color: string) => void;
  /** `lead`: what the change did first ("New Label Added"), said with it on a card. */
  onTagsChange: (tags: string[], lead?: readonly string[]) => void;
  onPriorityChange: (priority: Priority | null) => void;
}

/** The colour, label and priority menus a card and the editor share; colour and priority close on choice. */
export function NoteMetaMenus(props: NoteMetaMenusProps) {
  const { verb, color, tags, priority } = props;
  return (
    <>
      <Popover label={`${verb} colour`} icon={<Palette size={18} aria-hidden />}>
        {(close) => (
          <ColourPalette
            value={color}
            onChange={(next) => {
              close();
              props.onColorChange(next);
            }}
          />
        )}
      </Popover>
      <Popover label={`${verb} labels`} icon={<Tag size={18} aria-hidden />}>
        {() => (
          <LabelMenu
            selected={tags}
            onChange={props.onTagsChange}
            savesAtOnce={verb === 'Change'}
          />
        )}
      </Popover>
      <Popover label={`${verb} priority`} icon={<Flag size={18} aria-hidden />}>
        {(close) => (
          <PriorityMenu
            value={priority}
            onChange={(next) => {
              close();
              props.onPriorityChange(next);
            }}
          />
        )}
      </Popover>
    </>
  );
}
