import { restJson } from '../../../lib/rest';

/** What GET /api/attachments/usage answers: the bytes the user's attachments take, the quota. */
export interface StorageUsage {
  usedBytes: number;
  quotaBytes: number;
}

/** The signed-in user's storage use. Rejects with a RestError carrying the server's message. */
export function fetchStorageUsage(): Promise<StorageUsage> {
  return restJson<StorageUsage>('/attachments/usage');
}

const UNITS = ['KB', 'MB', 'GB', 'TB'];

/**
 * A number of bytes as people read it, in units of 1024 (the quota is set in MiB, so 1024 MB
 * reads "1 GB"): "0 bytes", "900 bytes", "12.3 MB", "1 GB" (one decimal, none when it is 0).
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  // 1023.96 KB rounds to 1024 KB: that is 1 MB.
  while (Math.round(value * 10) / 10 >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${rounded.toFixed(rounded % 1 === 0 ? 0 : 1)} ${UNITS[unit]}`;
}
