import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A tiny tmpfs for disk-full and read-only checks. Tests run as root in CI, and root ignores file
 * permissions, so a read-only *mount* is the only honest read-only folder. Returns null when this
 * machine cannot mount (no root, or no CAP_SYS_ADMIN in a container).
 */
export interface Tmpfs {
  dir: string;
  readOnly(on: boolean): void;
  unmount(): void;
}

export function mountTmpfs(sizeBytes: number): Tmpfs | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-tmpfs-'));
  const mount = (...args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });
  try {
    mount('-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0755`, 'tmpfs', dir);
  } catch {
    fs.rmdirSync(dir);
    return null;
  }
  return {
    dir,
    readOnly: (on) => mount('-o', on ? 'remount,ro' : 'remount,rw', dir),
    unmount: () => {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      fs.rmdirSync(dir);
    },
  };
}

/** Fills the file system holding `file` until the disk is full; returns the bytes written. */
export function fillDisk(file: string): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  try {
    for (const size of [1 << 20, 1 << 16, 1 << 12, 512, 1]) {
      const chunk = Buffer.alloc(size, 7);
      for (;;) {
        try {
          written += fs.writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return written;
}
