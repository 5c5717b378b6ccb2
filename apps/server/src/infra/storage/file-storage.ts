import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where stored files live (architecture "Scale-out": uploads in shared storage): the chat's
 * attachments, the help requests' files, the pictures staff and shoppers upload and the pictures'
 * resized copies. The local disk is the default; an object store can take its place behind the
 * same four calls.
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

/** A key that is a relative path of plain segments (`reviews/<name>.webp`), none of them hidden, `.` or `..`. */
const PATH_KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export const isPathKey = (key: string) => key.length <= 512 && PATH_KEY.test(key);

/** Where a key's file lies under the storage's root; throws for a key the layout does not take. */
type Layout = (key: string) => string;

/** Random keys (`newStorageKey`) under `<first two characters>/<key>`, so that no directory grows past a few thousand entries. */
const shardedKeys: Layout = (key) => {
  // The only guard a path needs: a key of this alphabet has no separators and no dots.
  if (!isStorageKey(key)) throw new Error('invalid storage key');
  return join(key.slice(0, 2), key);
};

/** Keys that are their own paths: a picture's address names its file. */
const pathKeys: Layout = (key) => {
  if (!isPathKey(key)) throw new Error('invalid storage key');
  return key;
};

/** Files on the local disk under `root`, each written aside and renamed into place. */
export class LocalFileStorage implements FileStorage {
  constructor(
    readonly root: string,
    private readonly layout: Layout = shardedKeys,
    /** uploads are the process's alone; public pictures keep the usual mode (the umask applies) */
    private readonly mode = 0o600,
  ) {}

  /** The app's storage: `${DATA_DIR}/uploads`. */
  static inDataDir(dataDir: string) {
    return new LocalFileStorage(join(dataDir, 'uploads'));
  }

  /** Files named by path keys under `root` (the media directory, the pictures' cache). */
  static byPath(root: string) {
    return new LocalFileStorage(root, pathKeys, 0o666);
  }

  private pathOf(key: string) {
    return join(this.root, this.layout(key));
  }

  async put(key: string, content: Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // Written aside and renamed into place: a half-written file is never visible under the key.
    const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
    const out = createWriteStream(partial, { flags: 'wx', mode: this.mode });
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
