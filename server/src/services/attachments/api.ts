/**
 * Issue 40's attachments, as the rest of the server sees them: the REST routes
 * (`rest/attachments.ts`), the files service (imports and exports) and the account's deletion.
 * Contract: DESIGN.md, "Images and files (attachments)". The service behind it is
 * `attachmentsService` (./index.ts); this file is its fixed face, so the routes, the files and
 * the client were built side by side.
 */
import type { Readable } from 'node:stream';

/** What is stored of one upload. */
export interface AttachmentRecord {
  id: string;
  /** The uploader: the one account charged for its bytes. */
  userId: string;
  /** The file's name as given (x-file-name, a Takeout's file name), or one made from the type. */
  name: string;
  /** Read from the bytes: image/jpeg, image/png, image/webp, image/gif or application/pdf. */
  contentType: AttachmentType;
  /** The bytes stored (after a JPEG's orientation is applied and its metadata removed). */
  size: number;
  /** Pixels of an image as stored; null for a PDF. */
  width: number | null;
  height: number | null;
  createdAt: string;
}

export type AttachmentType =
  'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'application/pdf';

/** The REST and GraphQL wire: `{_id, url, name, contentType, size, width, height}`. */
export interface AttachmentWire {
  _id: string;
  url: string;
  name: string;
  contentType: AttachmentType;
  size: number;
  width: number | null;
  height: number | null;
}

/** One attachment's bytes, to serve or to export. */
export interface AttachmentFile {
  record: AttachmentRecord;
  /** The original (as stored) or the thumbnail (WebP, long side ≤ 512 px; a PDF has none). */
  bytes: Buffer;
  contentType: string;
  /** A strong ETag for the bytes served. */
  etag: string;
}

export interface AttachmentsService {
  /**
   * Stores a file for `userId`: the type read from the bytes (else 415), the size limit enforced
   * while a stream is read (413, without holding more than the limit), the quota (413), a JPEG
   * turned upright and stripped of its metadata, an image's size recorded and its thumbnail
   * made. A failure stores nothing.
   */
  add(
    userId: string,
    source: Readable | Buffer,
    options?: { name?: string },
  ): Promise<AttachmentRecord>;
  /**
   * The bytes `callerId` may read (the contract's rule: the uploader, or a member of a note whose
   * content uses it and of which the uploader is a member); NOT_FOUND otherwise.
   */
  read(callerId: string, id: string, options?: { thumb?: boolean }): Promise<AttachmentFile>;
  /** The attachments a note's `content` uses (ids of `/api/attachments/{id}` images), in order. */
  idsIn(content: string): string[];
  /** Bytes stored for `userId`'s attachments, against `quotaBytes`. */
  usage(userId: string): Promise<{ usedBytes: number; quotaBytes: number }>;
  /** Deletes the attachments no note and no revision uses, made before `olderThan` (ISO). */
  collect(olderThan: string): Promise<number>;
  /** The wire form of a record. */
  wire(record: AttachmentRecord): AttachmentWire;
}
