import { useMemo } from 'react';
import { useMutation } from '@apollo/client/react';
import { toast } from '../../../lib/toast';
import type { NoteInput } from '../../../gql/graphql';
import { evictList, evictNote, removeFromList } from '../api/cache-updates';
import type { ListField } from '../api/cache-updates';
import {
  AddNoteDocument,
  ArchiveNoteDocument,
  DeleteNoteDocument,
  RestoreNoteDocument,
  TrashNoteDocument,
  UnarchiveNoteDocument,
  UpdateNoteDocument,
} from '../api/note-mutations';
import { reportFailure } from './report-failure';

/** Where a note is shown: which list, and so which actions and messages apply. */
export type NoteContext = 'notes' | 'archive' | 'trash';

/** Which card control changed a note; it names the success toast. */
export type CardChange = 'color' | 'priority' | 'tag';

const LIST_OF: Record<NoteContext, ListField> = {
  notes: 'notes',
  archive: 'archives',
  trash: 'trash',
};

/** Runs a mutation, then shows `success` or reports `failure`; resolves to whether it worked. */
async function attempt(run: () => Promise<unknown>, success: string, failure: string) {
  try {
    await run();
    toast.success(success);
    return true;
  } catch (error) {
    reportFailure(error, failure);
    return false;
  }
}

/** Refetches the visible lists (and labels) after a change that can move a note in or out. */
function refetchFor(input: NoteInput): string[] {
  const names: string[] = [];
  if (input.tags !== undefined) names.push('Labels');
  if (
    input.tags !== undefined ||
    input.priority !== undefined ||
    input.title !== undefined ||
    input.content !== undefined
  ) {
    names.push('NotesList', 'ArchivesList');
  }
  return names;
}

/**
 * Every note action with its toasts and cache update. Each resolves to true on success, so
 * callers can close a modal or stop a loader.
 */
export function useNoteActions() {
  const [addMutation] = useMutation(AddNoteDocument);
  const [updateMutation] = useMutation(UpdateNoteDocument);
  const [archiveMutation] = useMutation(ArchiveNoteDocument);
  const [unarchiveMutation] = useMutation(UnarchiveNoteDocument);
  const [trashMutation] = useMutation(TrashNoteDocument);
  const [restoreMutation] = useMutation(RestoreNoteDocument);
  const [deleteMutation] = useMutation(DeleteNoteDocument);

  return useMemo(
    () => ({
      /** Adds a note; on the archive page it then goes straight into the archive. */
      addNote: (input: NoteInput, context: NoteContext) =>
        attempt(
          async () => {
            const { data } = await addMutation({
              variables: { input },
              refetchQueries: context === 'archive' ? [] : ['NotesList', 'Labels'],
            });
            if (context === 'archive' && data) {
              await archiveMutation({
                variables: { id: data.addNote.id },
                refetchQueries: ['ArchivesList', 'Labels'],
              });
            }
          },
          'Note Added',
          'Failed To Add To Note',
        ),

      /** Saves the edit modal. */
      editNote: (id: string, input: NoteInput, context: NoteContext) =>
        attempt(
          () => updateMutation({ variables: { id, input }, refetchQueries: refetchFor(input) }),
          context === 'archive' ? 'Archive Note Updated Successfully' : 'Note Edited',
          context === 'archive' ? 'Failed To Update Note' : 'Failed To Edit Note',
        ),

      /** A colour, priority or tag change made from a card. */
      updateFromCard: (id: string, input: NoteInput, change: CardChange) =>
        attempt(
          () => updateMutation({ variables: { id, input }, refetchQueries: refetchFor(input) }),
          `Note ${change} Updated`,
          'Failed To Update Note',
        ),

      archive: (id: string) =>
        attempt(
          () =>
            archiveMutation({
              variables: { id },
              update: (cache) => {
                removeFromList(cache, 'notes', id);
                evictList(cache, 'archives');
              },
            }),
          'Note Archived Successfully',
          'Failed To Add To Archive Note',
        ),

      unarchive: (id: string) =>
        attempt(
          () =>
            unarchiveMutation({
              variables: { id },
              update: (cache) => {
                removeFromList(cache, 'archives', id);
                evictList(cache, 'notes');
              },
            }),
          'Note Unarchived Successfully',
          'Failed To Move From Archive Note',
        ),

      /** Moves a note to the trash; `fromEditor` picks the edit modal's failure message. */
      trash: (id: string, context: NoteContext, fromEditor = false) =>
        attempt(
          () =>
            trashMutation({
              variables: { id },
              refetchQueries: ['Labels'],
              update: (cache) => {
                removeFromList(cache, LIST_OF[context], id);
                evictList(cache, 'trash');
              },
            }),
          context === 'archive' ? 'Archive Note Moved To Trash' : 'Note Moved To Trash',
          context === 'archive'
            ? 'Failed To Delete Archive Note'
            : fromEditor
              ? 'Failed To Delete Note'
              : 'Failed In Moving To Trash',
        ),

      restore: (id: string) =>
        attempt(
          () =>
            restoreMutation({
              variables: { id },
              update: (cache) => {
                removeFromList(cache, 'trash', id);
                evictList(cache, 'notes');
                evictList(cache, 'archives');
                cache.evict({ id: 'ROOT_QUERY', fieldName: 'labels' });
              },
            }),
          'Note Restored',
          'Failed To Restore Note',
        ),

      deleteForever: (id: string) =>
        attempt(
          () =>
            deleteMutation({
              variables: { id },
              update: (cache) => {
                removeFromList(cache, 'trash', id);
                evictNote(cache, id);
              },
            }),
          'Note Permanently deleted',
          'Failed To Delete Note Permanently',
        ),
    }),
    [
      addMutation,
      updateMutation,
      archiveMutation,
      unarchiveMutation,
      trashMutation,
      restoreMutation,
      deleteMutation,
    ],
  );
}

/** The actions object `useNoteActions` returns. */
export type NoteActions = ReturnType<typeof useNoteActions>;
