import type { AttachmentType } from './api';

/**
 * The type of a file from its first bytes: the five types attachments take, by their fixed
 * signatures, or undefined for anything else (SVG, HTML, text, archives…). A small sniff rather
 * than the `file-type` package: that is ES-module-only (with four ES-module-only dependencies the
 * CommonJS server, its bundle and Jest would each have to convert), and of its hundreds of
 * signatures only these five matter here; sharp then decodes every image, so a file that merely
 * starts like one is refused when it is not.
 */
export function sniffType(head: Buffer): AttachmentType | undefined {
  const starts = (bytes: number[], at = 0) =>
    head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // "RIFF", a size, "WEBP".
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  // "GIF87a" or "GIF89a".
  if (starts([0x47, 0x49, 0x46, 0x38]) && (starts([0x37, 0x61], 4) || starts([0x39, 0x61], 4))) {
    return 'image/gif';
  }
  // "%PDF-": where readers look for it (the first 1024 bytes; in practice the very start).
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return undefined;
}

/** How many bytes {@link sniffType} reads. */
export const sniffBytes = 16;
