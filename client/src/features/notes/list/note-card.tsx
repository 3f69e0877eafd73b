import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, MouseEvent } from 'react';
import { Archive, ArchiveRestore, CloudUpload, PenLine, Pin, PinOff, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IconButton } from '../../../components/icon-button';
import { Spinner } from '../../../components/spinner';
import { RichTextView, isHtmlEmpty } from '../../../components/rich-text';
import type { ChecklistItemRef } from '../../../components/rich-text';
import { afterPaint } from '../../../lib/after-paint';
import { formatDateTime } from '../../../lib/date-time';
import type { Note } from '../api/note-fields';
import { useWaitingToSend } from '../sync/outbox-context';
import { useNoteCommands } from '../hooks/use-note-commands';
import { useNotesUi } from '../hooks/notes-ui-context';
import { NoteMetaMenus } from '../components/note-meta-menus';
import { priorityLabel } from '../components/priority-menu';
import { TrashCountdown } from './trash-retention-notice';
import { splitCardImages, toggleInContent } from './card-images';
import { CardPhotos } from './card-photos';
import { focusNextCard, takesFocus } from './card-focus';
import { noteColourStyle } from '../editor/note-colours';
import { ReminderBell, ReminderChip } from '../reminders/reminder-menu';

function cardStyle(color: string): CSSProperties | undefined {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return undefined;
  return { ...noteColourStyle(color), borderColor: 'transparent' };
}

/** What in a card keeps its own click: controls, links, checklist items and the card's menus. */
const OWN_CLICK = 'a, button, input, label, select, textarea, [contenteditable="true"], .popover';

/**
 * True when a click on a card is meant for the card itself: not for a control in it, not in a
 * dialog drawn from it (React hands on clicks from portals too), and not the end of a drag that
 * selected some of its text.
 */
export function opensCard(event: MouseEvent<HTMLElement>): boolean {
  const { target, currentTarget } = event;
  if (event.button !== 0 || !(target instanceof Element)) return false;
  if (!currentTarget.contains(target) || target.closest(OWN_CLICK)) return false;
  const selection = window.getSelection();
  return !selection || selection.isCollapsed || !currentTarget.contains(selection.anchorNode);
}

/**
 * One note: its uploaded images (a click shows them full size), title, body, priority and label chips, creation time, and the actions its place
 * allows (trash cards only restore or delete forever, which asks first). A click anywhere on the
 * card that is not on one of its controls opens it, as the pen does; the actions show on hover
 * and focus (note-grid.css). A small spinner says the server has not answered yet. A focused
 * card takes Keep's keys: Enter opens it, `e` archives, `#` trashes, `f` pins, and the latter
 * three hand the focus to the next card. Re-renders only when its note (a new object from the
 * cache on change) changes.
 */
export const NoteCard = memo(function NoteCard({ note }: { note: Note }) {
  const commands = useNoteCommands(note);
  const { openEditModal } = useNotesUi();
  const [confirming, setConfirming] = useState(false);
  const waiting = useWaitingToSend(note.id);
  const { location } = note;
  const inTrash = location === 'TRASH';

  // The list hands its cards a changed note in a transition (notes-list.tsx), a frame or more
  // after the click; a tick shows in the click's own frame from here until the card is handed a
  // newer note (the optimistic one, then the server's), or the save fails. The save (its
  // optimistic write to the cache, the request) starts once that frame is painted.
  const [tick, setTick] = useState<{ content: string; from: Note } | null>(null);
  const content = tick?.from === note ? tick.content : note.content;
  // The note's uploaded images show at the top (card-photos.tsx), not again in the body.
  const { images, body, bodyShown } = useMemo(() => {
    const split = splitCardImages(content);
    return { ...split, bodyShown: split.images.length === 0 || !isHtmlEmpty(split.body) };
  }, [content]);
  const toggleItem = (ref: ChecklistItemRef) => {
    const next = toggleInContent(content, body, ref);
    if (next === undefined) return;
    const shown = { content: next, from: note };
    setTick(shown);
    afterPaint(
      () =>
        void commands.saveTick(next).then((ok) => {
          if (!ok) setTick((current) => (current === shown ? null : current));
        }),
    );
  };

  // A card drawn anew after its key moved the focus to it (pinning made a new group) takes it.
  const self = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (self.current && takesFocus(note.id)) self.current.focus({ preventScroll: true });
  }, [note.id]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey)
      return;
    const card = event.currentTarget;
    // Archiving, trashing and pinning take the card from its place: the focus goes on.
    const moving = (action: () => Promise<unknown>) => () => {
      focusNextCard(card);
      return action();
    };
    const act: Record<string, (() => unknown) | undefined> = {
      Enter: inTrash ? undefined : () => openEditModal(note),
      e: location === 'NOTES' ? moving(commands.archive) : undefined,
      '#': inTrash ? undefined : moving(() => commands.trash()),
      f: inTrash ? undefined : moving(commands.togglePin),
    };
    const command = act[event.key];
    if (!command) return;
    event.preventDefault();
    void command();
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!inTrash && opensCard(event)) openEditModal(note);
  };

  const title = note.title || 'Untitled note';

  return (
    <article
      className={cardStyle(note.color) ? 'note-card note-card--coloured' : 'note-card'}
      style={cardStyle(note.color)}
      aria-label={title}
      aria-busy={commands.pending}
      data-note-id={note.id}
      ref={self}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onClick={onClick}
      data-opens={inTrash ? undefined : ''}
    >
      {!inTrash && (
        <IconButton
          className="note-card__pin"
          label={note.pinned ? 'Unpin note' : 'Pin note'}
          pressed={note.pinned}
          icon={note.pinned ? <PinOff size={18} aria-hidden /> : <Pin size={18} aria-hidden />}
          onClick={() => void commands.togglePin()}
        />
      )}
      {images.length > 0 && <CardPhotos images={images} />}
      {note.title && <h3 className="note-card__title">{note.title}</h3>}
      {bodyShown && (
        <div className="note-card__body">
          <RichTextView html={body} onToggleItem={inTrash ? undefined : toggleItem} />
        </div>
      )}
      {(note.priority || note.tags.length > 0) && (
        <ul className="chips" aria-label="Priority and labels">
          {note.priority && <li className="chip chip--priority">{priorityLabel(note.priority)}</li>}
          {note.tags.map((tag) => (
            <li key={tag} className="chip">
              {tag}
            </li>
          ))}
        </ul>
      )}
      {note.reminder && !inTrash && (
        <div className="reminder-chips">
          <ReminderChip note={note} />
        </div>
      )}
      <p className="note-card__date">
        Created At <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
        {commands.pending && <Spinner label="Saving" size="small" />}
      </p>
      {waiting && (
        <p className="note-card__waiting">
          <CloudUpload size={14} aria-hidden /> Not saved to the server yet
        </p>
      )}
      {inTrash && <TrashCountdown trashedAt={note.trashedAt} />}
      <div className="note-card__actions">
        {!inTrash && (
          <>
            <IconButton
              label="Edit note"
              icon=<PenLine size={18} aria-hidden />
              onClick={() => openEditModal(note)}
            />
            <ReminderBell note={note} />
            <NoteMetaMenus
              verb="Change"
              color={note.color}
              tags={note.tags}
              priority={note.priority}
              onColorChange={(color) => void commands.change({ color }, 'color')}
              onTagsChange={(tags, lead) => void commands.change({ tags }, 'tag', lead)}
              onPriorityChange={(priority) => void commands.change({ priority }, 'priority')}
            />
          </>
        )}
        {location === 'NOTES' && (
          <IconButton
            label="Archive note"
            icon=<Archive size={18} aria-hidden />
            onClick={() => void commands.archive()}
          />
        )}
        {location !== 'NOTES' && (
          <IconButton
            label="Restore note"
            icon=<ArchiveRestore size={18} aria-hidden />
            onClick={() => void (inTrash ? commands.restore() : commands.unarchive())}
          />
        )}
        {inTrash ? (
          <IconButton
            label="Delete note forever"
            icon=<Trash2 size={18} aria-hidden />
            onClick={() => setConfirming(true)}
          />
        ) : (
          <IconButton
            label="Move note to trash"
            icon=<Trash2 size={18} aria-hidden />
            onClick={() => void commands.trash()}
          />
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Delete this note forever?"
          message={`"${title}" will be gone for good: this cannot be undone.`}
          confirmLabel="Delete Forever"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void commands.deleteForever();
          }}
        />
      )}
    </article>
  );
});
