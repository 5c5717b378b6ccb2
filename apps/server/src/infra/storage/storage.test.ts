import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { isStorageKey, LocalFileStorage, newStorageKey } from './file-storage';
import { displayName, type FilePart, type ReceiveRules, receiveFile, sniff } from './uploads';

/** The stored files and the checks every receiver shares, on a storage of its own in a temporary folder. */
let root: string;
let storage: LocalFileStorage;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'storage-'));
  storage = new LocalFileStorage(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** Every file under the storage's root, partial ones included. */
const stored = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());

const part = (...chunks: Array<string | Buffer>): FilePart => ({
  type: 'file',
  fieldname: 'file',
  filename: '../notes.txt',
  file: Readable.from(chunks.map((chunk) => Buffer.from(chunk))),
});

const rules: ReceiveRules = { maxBytes: 10, tooLarge: () => AppError.field('file', 'too large'), interrupted: 'broken' };

describe('local file storage', () => {
  it('stores, opens, tells and removes a file under a fresh key', async () => {
    const key = newStorageKey();
    expect(isStorageKey(key)).toBe(true);
    await storage.put(key, Readable.from([Buffer.from('hello')]));
    expect(await storage.exists(key)).toBe(true);
    const content = await storage.open(key);
    expect(content && (await text(content))).toBe('hello');
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.open(key)).toBeNull();
  });

  it('leaves nothing when the stream fails, and refuses a key that could name a path', async () => {
    async function* failing() {
      yield Buffer.from('part');
      throw new Error('gone');
    }
    await expect(storage.put(newStorageKey(), Readable.from(failing()))).rejects.toThrow('gone');
    expect(await stored()).toEqual([]);
    await expect(storage.open('../../etc/passwd')).rejects.toThrow('invalid storage key');
  });
});

describe('storage by path', () => {
  it('keeps a file under its path, the way a picture’s address names it, and refuses a hidden or climbing path', async () => {
    const media = LocalFileStorage.byPath(root);
    await media.put('reviews/photo.webp', Readable.from([Buffer.from('webp')]));
    expect((await stored()).map((entry) => join(entry.parentPath, entry.name))).toEqual([join(root, 'reviews', 'photo.webp')]);
    expect(await media.exists('reviews/photo.webp')).toBe(true);
    for (const key of ['../photo.webp', 'reviews/.hidden', 'reviews//photo.webp', '/etc/passwd', 'a\\b']) {
      await expect(media.open(key)).rejects.toThrow('invalid storage key');
    }
  });
});

describe('receiving a file', () => {
  it('stores the bytes with their sniffed type and a name that is only the last segment', async () => {
    const received = await receiveFile(storage, part('hello', ' there'), { ...rules, maxBytes: 100 });
    expect(received).toMatchObject({ size: 11, mime: 'text/plain', suffix: 'txt', name: 'notes.txt' });
    const content = await storage.open(received.key);
    expect(content && (await text(content))).toBe('hello there');
  });

  it('refuses a file over the limit or refused by the receiver, keeping nothing', async () => {
    await expect(receiveFile(storage, part('0123456789', 'x'), rules)).rejects.toThrow('too large');
    const refuse = () => {
      throw AppError.field('file', 'not this one');
    };
    await expect(receiveFile(storage, part('short'), { ...rules, accept: refuse })).rejects.toThrow('not this one');
    expect(await stored()).toEqual([]);
  });
});

describe('the upload checks', () => {
  it('reads the type from the bytes: HTML and SVG as what they are, anything else text or binary', async () => {
    expect(await sniff(Buffer.from('<!doctype html><p>hi'), true)).toEqual({ mime: 'text/html', suffix: 'html' });
    expect(await sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), true)).toMatchObject({ suffix: 'svg' });
    expect(await sniff(Buffer.from('plain'), true)).toEqual({ mime: 'text/plain', suffix: 'txt' });
    expect(await sniff(Buffer.from([0, 1, 2]), false)).toEqual({ mime: 'application/octet-stream', suffix: 'bin' });
  });

  it('names a file by its last segment without control characters, or after its type', () => {
    expect(displayName('C:\\docs\\re\u202Eport.pdf', 'pdf')).toBe('report.pdf');
    expect(displayName('..', 'png')).toBe('file.png');
    expect(Array.from(displayName('a'.repeat(300), 'txt'))).toHaveLength(255);
  });
});
