import type { ApolloCache, ApolloClient, TypedDocumentNode } from '@apollo/client';
import { AddNoteDocument } from '../api/add-note';
import { DeleteNoteDocument } from '../api/delete-note';
import {
  ArchiveNoteDocument,
  RestoreNoteDocument,
  TrashNoteDocument,
  UnarchiveNoteDocument,
} from '../api/move-note';
import type { Note } from '../api/note-fields';
import { UpdateNoteDocument } from '../api/update-note';
import { forgetNote } from '../cache/note-cache';
import { applyNoteChange } from '../cache/note-changes';
import type { OutboxChange } from './outbox';
import type { NoteInput } from '../../../gql/graphql';
import { hasPendingImages, imageUploads, withUploadedImages } from '../../../components/rich-text';
import { toast } from '../../../lib/toast';

type MoveKind = Exclude<OutboxChange['kind'], 'add' | 'update' | 'delete'>;
type MoveDocument = TypedDocumentNode<{ __typename: 'Mutation'; note: Note }, { id: string }>;

const MOVES: Record<MoveKind, MoveDocument> = {
  archive: ArchiveNoteDocument,
  unarchive: UnarchiveNoteDocument,
  trash: TrashNoteDocument,
  restore: RestoreNoteDocument,
};

export interface SendOptions {
  /** The version an update stands on (the outbox gives a queued one the server's number). */
  baseVersion?: number;
  /**
   * Sent straight from the screen: `local` (the note as the change makes it; null for a delete)
   * shows at once as Apollo's optimistic answer, the answer joins its lists (or the deleted note
   * leaves them), and a refusal rolls the screen back. Without it (a queued change, already
   * shown by the outbox) only the answer is written.
   */
  shown?: { local: Note | null };
}

/** What a note change asks Apollo to show while it is out, and to do with the answer. */
function shownAs(local: Note | null) {
  if (!local) return {};
  return {
    optimisticResponse: { __typename: 'Mutation' as const, note: local },
    update: (cache: ApolloCache, result: { data?: { note: Note } | null }) => {
      if (result.data) applyNoteChange(cache, result.data.note);
    },
  };
}

/**
 * The input with its images added in this browser uploaded and their addresses in the content:
 * a local id never reaches the server. An image that can never go (too large, not a kept type)
 * is left out, and the user told; a network failure rejects (a TypeError), so the change waits.
 */
async function withImagesUploaded(input: NoteInput): Promise<NoteInput> {
  const { content } = input;
  if (!content || !hasPendingImages(content)) return input;
  const uploaded = await withUploadedImages(content, imageUploads(), (message) =>
    toast.error(`An image was left out of the note: ${message}`),
  );
  return { ...input, content: uploaded };
}

/**
 * Sends one change to the server: the one place a note change becomes its mutation. Resolves to
 * the note as the server has it (null for a delete; undefined if the answer lacked it), or
 * rejects with Apollo's error.
 */
export async function sendChange(
  client: ApolloClient,
  change: OutboxChange,
  { baseVersion, shown }: SendOptions = {},
): Promise<Note | null | undefined> {
  const note = shown ? shownAs(shown.local) : {};
  switch (change.kind) {
    case 'add': {
      const { data } = await client.mutate({
        mutation: AddNoteDocument,
        // The note's `pending-` id: a resent add whose answer was lost adds nothing. (An add
        // stored before adds carried their place has none: the server puts it in the notes.)
        variables: {
          input: await withImagesUploaded(change.input),
          clientKey: change.id,
          location: change.location,
        },
        ...note,
      });
      return data?.note;
    }
    case 'update': {
      const { data } = await client.mutate({
        mutation: UpdateNoteDocument,
        variables: { id: change.id, input: await withImagesUploaded(change.input), baseVersion },
        ...note,
      });
      return data?.note;
    }
    case 'delete': {
      const { id } = change;
      await client.mutate({
        mutation: DeleteNoteDocument,
        variables: { id },
        ...(shown && {
          optimisticResponse: { __typename: 'Mutation' as const, deleteNote: id },
          update: (cache: ApolloCache) => forgetNote(cache, id),
        }),
      });
      return null;
    }
    default: {
      const { data } = await client.mutate({
        mutation: MOVES[change.kind],
        variables: { id: change.id },
        ...note,
      });
      return data?.note;
    }
  }
}
