import type { NoteLocation } from '../../gql/graphql';

/** A toast pair of spec §8: what an action says when it works, and when it fails. */
export interface ActionMessages {
  success: string;
  failure: string;
  /**
   * What the same action did first and says in the same snackbar, before either ("New Label
   * Added" before "Note tag Updated"): one action, one snackbar.
   */
  lead?: readonly string[];
  /** Says nothing when it works (a checklist tick: the tick itself shows it); a failure still says so. */
  quiet?: boolean;
}

/** A label created in a label menu or "Edit labels". */
export const NEW_LABEL_MESSAGE = 'New Label Added';

/** Saving the editor, by the place the editor works on. */
export const saveMessages = (location: NoteLocation, adding: boolean): ActionMessages =>
  adding
    ? { success: 'Note Added', failure: 'Failed To Add To Note' }
    : location === 'ARCHIVE'
      ? { success: 'Archive Note Updated Successfully', failure: 'Failed To Update Note' }
      : { success: 'Note Edited', failure: 'Failed To Edit Note' };

/** Moving to the trash, from a card or (`fromEditor`) the edit modal. */
export const trashMessages = (location: NoteLocation, fromEditor: boolean): ActionMessages =>
  location === 'ARCHIVE'
    ? { success: 'Archive Note Moved To Trash', failure: 'Failed To Delete Archive Note' }
    : {
        success: 'Note Moved To Trash',
        failure: fromEditor ? 'Failed To Delete Note' : 'Failed In Moving To Trash',
      };

export const archiveMessages: ActionMessages = {
  success: 'Note Archived Successfully',
  failure: 'Failed To Add To Archive Note',
};

export const unarchiveMessages: ActionMessages = {
  success: 'Note Unarchived Successfully',
  failure: 'Failed To Move From Archive Note',
};

export const restoreMessages: ActionMessages = {
  success: 'Note Restored',
  failure: 'Failed To Restore Note',
};

export const deleteForeverMessages: ActionMessages = {
  success: 'Note Permanently deleted',
  failure: 'Failed To Delete Note Permanently',
};

/** Which card control changed a note; it names the success toast. */
export type CardChange = 'color' | 'priority' | 'tag';

export const cardChangeMessages = (change: CardChange): ActionMessages => ({
  success: `Note ${change} Updated`,
  failure: 'Failed To Update Note',
});

/** Pinning or unpinning from a card, the editor or the keyboard. */
export const pinMessages = (pinned: boolean): ActionMessages => ({
  success: pinned ? 'Note Pinned' : 'Note Unpinned',
  failure: 'Failed To Update Note',
});

export const emptyTrashMessages: ActionMessages = {
  success: 'Trash Emptied',
  failure: 'Failed To Empty Trash',
};

export const renameLabelMessages: ActionMessages = {
  success: 'Label Renamed',
  failure: 'Failed To Rename Label',
};

export const deleteLabelMessages: ActionMessages = {
  success: 'Label Deleted',
  failure: 'Failed To Delete Label',
};

/** Restoring an earlier version from the history. */
export const restoreVersionMessages: ActionMessages = {
  success: 'Earlier Version Restored',
  failure: 'Failed To Restore Version',
};

/** Undoing that restore: the text from just before it comes back. */
export const undoRestoreVersionMessages: ActionMessages = {
  success: 'Restore Undone',
  failure: 'Failed To Undo Restore',
};

/** Ticking or unticking a checklist item on a card: quiet, as in Keep, unless it fails. */
export const checklistMessages: ActionMessages = {
  success: 'Note Updated Successfully',
  failure: 'Failed To Update Note',
  quiet: true,
};

/** What a change made offline and refused when sent says, by its kind (outbox.ts). */
export const offlineFailureMessages: Record<
  'add' | 'update' | 'archive' | 'unarchive' | 'trash' | 'restore' | 'delete',
  string
> = {
  add: 'Failed To Add To Note',
  update: 'Failed To Update Note',
  archive: archiveMessages.failure,
  unarchive: unarchiveMessages.failure,
  trash: 'Failed In Moving To Trash',
  restore: restoreMessages.failure,
  delete: deleteForeverMessages.failure,
};

/** Setting (or changing) a note's reminder from its bell, chip or the Reminders place. */
export const setReminderMessages: ActionMessages = {
  success: 'Reminder Set',
  failure: 'Failed To Set Reminder',
};

/** Removing a note's reminder, or marking a fired one done. */
export const clearReminderMessages: ActionMessages = {
  success: 'Reminder Removed',
  failure: 'Failed To Remove Reminder',
};
