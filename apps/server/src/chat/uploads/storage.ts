import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where chat files live (architecture "Scale-out": uploads in shared storage). The local disk is
 * the default; an object store can take its place behind the same four calls.
 */
export interface FileStorage {
  /** Writes the whole stream under `key`; if the stream fails, nothing is left under the key. */
  put(key: string, content: Readable): Promise<void>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  open(key: string): Promise<Readable | null>;
  /** Deletes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const STORAGE_KEY = /^[A-Za-z0-9_-]{32}$/;

/** A fresh key: 192 random bits, URL-safe. Never derived from anything the uploader sent. */
export const newStorageKey = () => randomBytes(24).toString('base64url');

export const isStorageKey = (key: string) => STORAGE_KEY.test(key);

function assertStorageKey(key: string) {
  // The only guard a path needs: a key of this alphabet has no separators and no dots.
  if (!isStorageKey(key)) throw new Error('invalid storage key');
}

/** Files under `<root>/<first two characters>/<key>`, so that no directory grows past a few thousand entries. */
export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  /** The app's storage: `${DATA_DIR}/uploads`. */
  static inDataDir(dataDir: string) {
    return new LocalFileStorage(join(dataDir, 'uploads'));
  }

  private pathOf(key: string) {
    assertStorageKey(key);
    return join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, content: Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true });
    // Written aside and renamed into place: a half-written file is never visible under the key.
    const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
    const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(content, out);
      await rename(partial, target);
    } catch (error) {
      // A stream that failed before its file was even open still creates it on the way to closing:
      // wait for that, or the partial file would outlive its removal.
      if (!out.closed) await once(out, 'close').catch(() => {});
      await rm(partial, { force: true });
      throw error;
    }
  }

  async open(key: string): Promise<Readable | null> {
    try {
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream({ autoClose: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}
