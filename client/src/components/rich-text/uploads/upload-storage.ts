import { createStore, del, get, set, values } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import type { StoredUpload, UploadStorage } from './upload-queue';

/**
 * Images added in the editor, kept in IndexedDB (idb-keyval; database `jotter-uploads`, store
 * `files`, beside the outbox's `jotter-outbox`) under their local id, with the user and the note
 * they were added to: a reload or a closed tab keeps them until the server has them.
 */
export function indexedDbUploadStorage(): UploadStorage {
  let store: UseStore | undefined;
  const db = () => (store ??= createStore('jotter-uploads', 'files'));
  return {
    get: (localId) => get<StoredUpload>(localId, db()),
    put: (record) => set(record.localId, record, db()),
    remove: (localId) => del(localId, db()),
    list: () => values<StoredUpload>(db()),
  };
}
