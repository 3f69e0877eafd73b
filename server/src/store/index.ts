/** The store's public face: the layers above import it from here, never from its other files. */
export { openStore } from './store';
export {
  clientFields,
  emptyNote,
  fieldsSetBy,
  initialValue,
  noteFields,
  noteShape,
} from './note-shape';
export { foldCase } from './search-text';
export { legacyCredential } from './live';
export type { GivenField, Setter, Storage, StorageKind } from './note-shape';
export type * from './records';
export type * from './repositories';
export type {
  PushSubscriptionRecord,
  ReminderRecord,
  ReminderRepository,
  ReminderSettingsRecord,
  RepeatName,
} from './reminders';
export type {
  AttachmentRepository,
  DroppedAttachment,
  NewAttachment,
  StoredAttachment,
} from './attachments';
