import { noteFields, type NoteField, type NoteRecord } from '../services/notes';
import type { ReminderView } from '../services/reminders';
import type { PublicUser } from '../services/users';

/**
 * The order of the fields on the REST wire as the spec's clients first knew it; fields declared
 * since follow, in declaration order.
 */
const firstOnTheWire: readonly NoteField[] = [
  'id',
  'title',
  'content',
  'textContent',
  'color',
  'priority',
  'tags',
  'createdAt',
  'updatedAt',
  'location',
  'previousLocation',
  'version',
  'pinned',
  'trashedAt',
];
const wireOrder = [...firstOnTheWire, ...noteFields.filter((f) => !firstOnTheWire.includes(f))];

/**
 * The fields the REST wire shows otherwise than under their own name and value, each as the
 * wire keys it becomes, in their order; every other field goes as it is.
 */
const onTheWire = {
  id: (note) => ({ _id: note.id }),
  priority: (note) => ({ priority: note.priority ?? '' }),
  location: (note) => ({
    isArchive: note.location === 'archive' || note.previousLocation === 'archive',
    location: note.location,
  }),
  // Shown through isArchive only, as the spec's clients know it.
  previousLocation: () => ({}),
  pinned: (note) => ({ isPinned: note.pinned }),
} satisfies { [K in NoteField]?: (note: NoteRecord) => Record<string, unknown> };

type Shown = typeof onTheWire;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;

/** A note on the REST wire: every field, as `onTheWire` shows it. */
export type WireNote = Omit<NoteRecord, keyof Shown> &
  UnionToIntersection<ReturnType<Shown[keyof Shown]>>;

/** A note on the REST wire, as clients written for the spec read it (plus Jotter's fields). */
export function presentNote(
  note: NoteRecord,
  reminders?: ReadonlyMap<string, ReminderView>,
): WireNote & { reminder: ReminderView | null } {
  const wire: Record<string, unknown> = {};
  for (const field of wireOrder) {
    const show = (onTheWire as Partial<Record<NoteField, (n: NoteRecord) => object>>)[field];
    if (show) Object.assign(wire, show(note));
    else wire[field] = note[field];
  }
  // The caller's own reminder (issue 41): {at, repeat, firedAt} or null.
  wire.reminder = reminders?.get(note.id) ?? null;
  return wire as WireNote & { reminder: ReminderView | null };
}

export const presentNotes = (notes: NoteRecord[], reminders?: ReadonlyMap<string, ReminderView>) =>
  notes.map((note) => presentNote(note, reminders));

/** A user on the REST wire, with their three lists (spec clients load them from login). */
export function presentUser(
  user: PublicUser,
  lists: { notes: NoteRecord[]; archives: NoteRecord[]; trash: NoteRecord[] },
  reminders?: ReadonlyMap<string, ReminderView>,
) {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    notes: presentNotes(lists.notes, reminders),
    archives: presentNotes(lists.archives, reminders),
    trash: presentNotes(lists.trash, reminders),
  };
}
