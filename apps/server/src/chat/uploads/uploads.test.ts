import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { TTokenPair } from '@shop/contracts/auth';
import {
  CHAT_UPLOAD_MAX_BYTES,
  CHAT_UPLOAD_TTL_MS,
  ChatTexts,
  type TChatUpload,
  ZChatUpload,
} from '@shop/contracts/chat-protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../http/error-handler';
import { LocalFileStorage } from '../../infra/storage/file-storage';
import { buildStaff } from '../../modules/staff/service';
import { buildUser } from '../../seed/accounts';
import { body, createTestApp, type TestApp } from '../../testing/harness';
import { CHAT_CONFIG_SETTING, loadChatConfig } from '../config';
import { expireUploads } from './expiry';
import { type ChatUploader, chatUploadRoutes } from './routes';
import { createChatUploadService, UploadTexts } from './service';

const UPLOAD = '/worker/kefu.HttpIndex/upload';

let t: TestApp;
let now = Date.now();
const clock = () => now;
let staffToken: string;
let shopper: { id: number; token: string };
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await buildStaff(t.database.db, { email: 'agent@example.com', password: 'Agent1234', nickname: 'Alice', role: 'csr' });
  staffToken = body<TTokenPair>(
    await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { username: 'agent@example.com', password: 'Agent1234' },
    }),
  ).result.token;
  const user = await buildUser(t.database.db);
  shopper = {
    id: user.id,
    token: body<TTokenPair>(
      await t.app.inject({
        method: 'POST',
        url: '/shop/login/password',
        payload: { username: user.email, password: user.password },
      }),
    ).result.token,
  };
  png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
});

// ── A multipart body, built by hand and streamed, so that a 50 MB file is never held in memory ──

type FormPart = { name: string; value: string } | { name: string; filename: string; content: Buffer | Readable; type?: string };

function multipartBody(parts: FormPart[]) {
  const boundary = `----shop-test-${randomBytes(8).toString('hex')}`;
  async function* chunks() {
    for (const part of parts) {
      if ('value' in part) {
        yield Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`);
        continue;
      }
      yield Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `content-type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      );
      if (Buffer.isBuffer(part.content)) yield part.content;
      else for await (const chunk of part.content) yield chunk as Buffer;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { payload: Readable.from(chunks()), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** `size` bytes of zeros, produced as they are read. */
function zeros(size: number): Readable {
  const block = Buffer.alloc(64 * 1024);
  return Readable.from(
    (function* () {
      for (let left = size; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
    })(),
  );
}

const file = (filename: string, content: Buffer | Readable | string, type?: string): FormPart => ({
  name: 'file',
  filename,
  content: typeof content === 'string' ? Buffer.from(content) : content,
  type,
});

function upload(
  app: FastifyInstance,
  parts: FormPart[],
  options: { token?: string; query?: string; headers?: Record<string, string> } = {},
) {
  const { payload, headers } = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: `${UPLOAD}${options.query ?? ''}`,
    payload,
    headers: { ...headers, ...(options.token ? { 'user-token': options.token } : {}), ...options.headers },
  });
}

const uploadAsAgent = (parts: FormPart[], query?: string) => upload(t.app, parts, { token: staffToken, query });

const storedFiles = (dataDir = t.dataDir) => {
  const root = join(dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
};
const uploadRows = () => t.database.db.selectFrom('chat_uploads').selectAll().execute();
const keyOf = (result: TChatUpload) => result.url.split('/').pop() ?? '';
const SANDBOX = "default-src 'none'; sandbox";

describe('POST /worker/kefu.HttpIndex/upload', () => {
  it('stores a PNG from an agent and serves it inline as image/png, never sniffed', async () => {
    const response = await uploadAsAgent([file('red.png', png, 'image/png')]);
    expect(response.statusCode).toBe(200);
    const envelope = body<TChatUpload>(response);
    expect(envelope.msg).toBe(ChatTexts.uploadSucceeded);
    const result = ZChatUpload.parse(envelope.result);
    expect(result).toMatchObject({ name: 'red.png', size: png.length, suffix: 'png', mime: 'image/png', type: 'image' });
    expect(result.url).toMatch(/^\/worker\/kefu\.HttpIndex\/file\/[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(result.expires_at) - now).toBe(CHAT_UPLOAD_TTL_MS);

    const row = await t.database.db.selectFrom('chat_uploads').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ uploader_type: 'csr', storage_key: keyOf(result), size: png.length });
    expect(existsSync(join(t.dataDir, 'uploads', row.storage_key.slice(0, 2), row.storage_key))).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: result.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe(SANDBOX);
    expect(served.headers['content-disposition']).toMatch(/^inline; /);
    expect(served.headers['cache-control']).toBe(`private, max-age=${CHAT_UPLOAD_TTL_MS / 1000}`);
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('answers HEAD for a stored file without its body (spec 4: the image-failure check)', async () => {
    const { result } = body<TChatUpload>(await uploadAsAgent([file('red.png', png)]));
    const head = await t.app.inject({ method: 'HEAD', url: result.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.headers['content-length']).toBe(String(png.length));
    expect(head.headers['content-security-policy']).toBe(SANDBOX);
    expect(head.rawPayload.length).toBe(0);
  });

  it('records a signed-in shopper as a tourist', async () => {
    const response = await upload(t.app, [file('red.png', png)], { token: shopper.token });
    expect(response.statusCode).toBe(200);
    const { result } = body<TChatUpload>(response);
    const row = await t.database.db.selectFrom('chat_uploads').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow();
    // the shopper's own tourist record (its id is the shopper's only when no other tourist came first)
    const tourist = await t.database.db
      .selectFrom('chat_tourists')
      .select('id')
      .where('user_id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ uploader_type: 'tourist', uploader_id: tourist.id });
  });

  it('takes the type from the bytes: HTML named photo.png is a download-only file, sandboxed', async () => {
    const html = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';
    const response = await uploadAsAgent([file('photo.png', html, 'image/png')]);
    expect(response.statusCode).toBe(200);
    const { result } = body<TChatUpload>(response);
    expect(result).toMatchObject({ name: 'photo.png', type: 'file', mime: 'text/html', suffix: 'html', size: html.length });

    const served = await t.app.inject({ method: 'GET', url: result.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="photo.png"; filename*=UTF-8''photo.png`);
    expect(served.headers['content-security-policy']).toBe(SANDBOX);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toBe(html);
  });

  it('never shows SVG inline: it is a file, served as a download', async () => {
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>';
    const { result } = body<TChatUpload>(await uploadAsAgent([file('logo.svg', svg, 'image/svg+xml')]));
    expect(result).toMatchObject({ type: 'file', mime: 'image/svg+xml', suffix: 'svg' });
    const served = await t.app.inject({ method: 'GET', url: result.url });
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment; /);
    expect(served.headers['content-security-policy']).toBe(SANDBOX);
  });

  it('labels plain UTF-8 text as text/plain and unknown binary as application/octet-stream', async () => {
    const text = body<TChatUpload>(await uploadAsAgent([file('notes.md', '# Größe M\nfits well ✓\n')])).result;
    expect(text).toMatchObject({ mime: 'text/plain', suffix: 'txt', type: 'file', name: 'notes.md' });
    const binary = body<TChatUpload>(await uploadAsAgent([file('blob.mp4', Buffer.from([1, 2, 0, 255, 254, 3]))])).result;
    expect(binary).toMatchObject({ mime: 'application/octet-stream', suffix: 'bin', type: 'file', name: 'blob.mp4' });
  });

  it('refuses a PDF or text when kind=image asks for an image, and keeps nothing', async () => {
    const rowsBefore = (await uploadRows()).length;
    const filesBefore = storedFiles().length;
    const pdf = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

    const byQuery = await uploadAsAgent([file('picture.jpg', pdf, 'image/jpeg')], '?kind=image');
    expect(byQuery.statusCode).toBe(400);
    expect(body(byQuery).msg).toBe(ChatTexts.notAnImage);

    // the field may come after the file: the file is already stored by then, and must go again
    const byField = await uploadAsAgent([file('picture.png', 'just some text', 'image/png'), { name: 'kind', value: 'image' }]);
    expect(byField.statusCode).toBe(400);
    expect(body(byField).msg).toBe(ChatTexts.notAnImage);

    const sameAsFile = await uploadAsAgent([{ name: 'kind', value: 'file' }, file('doc.pdf', pdf)]);
    expect(body<TChatUpload>(sameAsFile).result).toMatchObject({ mime: 'application/pdf', suffix: 'pdf', type: 'file' });

    expect((await uploadRows()).length).toBe(rowsBefore + 1);
    expect(storedFiles().length).toBe(filesBefore + 1);
  });

  it('accepts an image when kind=image', async () => {
    const response = await uploadAsAgent([{ name: 'kind', value: 'image' }, file('red.png', png)]);
    expect(response.statusCode).toBe(200);
    expect(body<TChatUpload>(response).result.type).toBe('image');
  });

  it(`refuses a file of ${CHAT_UPLOAD_MAX_BYTES} + 1 bytes with the spec's text, leaving no row and no file`, async () => {
    const rowsBefore = (await uploadRows()).length;
    const filesBefore = storedFiles();
    const response = await uploadAsAgent([file('huge.bin', zeros(CHAT_UPLOAD_MAX_BYTES + 1))]);
    expect(response.statusCode).toBe(413);
    expect(body(response)).toMatchObject({ code: 413, msg: ChatTexts.uploadTooLarge });
    expect((await uploadRows()).length).toBe(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it(`accepts a file of exactly ${CHAT_UPLOAD_MAX_BYTES} bytes`, async () => {
    const response = await uploadAsAgent([file('exactly-50mb.bin', zeros(CHAT_UPLOAD_MAX_BYTES))]);
    expect(response.statusCode).toBe(200);
    const { result } = body<TChatUpload>(response);
    expect(result).toMatchObject({ size: CHAT_UPLOAD_MAX_BYTES, suffix: 'bin', type: 'file' });
    await t.database.db.deleteFrom('chat_uploads').where('id', '=', result.id).execute();
    await LocalFileStorage.inDataDir(t.dataDir).remove(keyOf(result));
  });

  it('keeps a hostile name only as a display name: no path, no control characters', async () => {
    const response = await uploadAsAgent([file('../../etc/passwd\u0007.txt', 'root:x:0:0')]);
    expect(response.statusCode).toBe(200);
    const { result } = body<TChatUpload>(response);
    expect(result.name).toBe('passwd.txt');
    const row = await t.database.db.selectFrom('chat_uploads').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(existsSync(join(t.dataDir, 'etc'))).toBe(false);
    for (const path of storedFiles()) expect(path.startsWith(join(t.dataDir, 'uploads'))).toBe(true);
  });

  it('caps a long name and offers a non-ASCII one in RFC 5987 form', async () => {
    const long = `${'a'.repeat(300)}.png`;
    expect(body<TChatUpload>(await uploadAsAgent([file(long, png)])).result.name).toHaveLength(255);

    const { result } = body<TChatUpload>(await uploadAsAgent([file('платье (2).txt', 'размер M')]));
    expect(result.name).toBe('платье (2).txt');
    const served = await t.app.inject({ method: 'GET', url: result.url });
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="______ (2).txt"; filename*=UTF-8''${encodeURIComponent('платье')}%20%282%29.txt`,
    );
  });

  it('refuses an empty file, a form without the file field, two files and a body that is not multipart', async () => {
    const empty = await uploadAsAgent([file('empty.txt', Buffer.alloc(0))]);
    expect(empty.statusCode).toBe(400);
    expect(body(empty).msg).toBe(UploadTexts.emptyFile);

    const noFile = await uploadAsAgent([{ name: 'kind', value: 'file' }]);
    expect(noFile.statusCode).toBe(400);
    expect(body(noFile).msg).toBe(UploadTexts.missingFile);

    const otherField = await uploadAsAgent([{ name: 'upload', filename: 'a.txt', content: Buffer.from('hello') }]);
    expect(otherField.statusCode).toBe(400);
    expect(body(otherField).msg).toBe(UploadTexts.oneFile);

    const two = await uploadAsAgent([file('a.png', png), file('b.png', png)]);
    expect(two.statusCode).toBe(400);
    expect(body(two).msg).toBe(UploadTexts.oneFile);

    const json = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { 'user-token': staffToken },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(body(json).msg).toBe(UploadTexts.missingFile);

    const badKind = await uploadAsAgent([file('a.png', png)], '?kind=video');
    expect(badKind.statusCode).toBe(400);
  });

  it('answers 401 without a token, and to a forged tourist token', async () => {
    const none = await upload(t.app, [file('red.png', png)]);
    expect(none.statusCode).toBe(401);
    const tourist = await upload(t.app, [file('red.png', png)], { headers: { 'tourist-token': 'tt1.e30.x' } });
    expect(tourist.statusCode).toBe(401);
    const forged = await upload(t.app, [file('red.png', png)], { token: 'at1.forged.token' });
    expect(forged.statusCode).toBe(401);
  });
});

describe('a real guest with a tourist token', () => {
  afterAll(async () => {
    await t.database.db.deleteFrom('settings').where('key', '=', CHAT_CONFIG_SETTING).execute();
  });

  it('uploads as a guest tourist, and is refused once guests may not send files', async () => {
    const { user } = await t.app.services.chat.identify({ pathInfo: 'worker/kefu.WsIndex/initialize' });
    const allowed = await upload(t.app, [file('red.png', png)], { headers: { 'tourist-token': user.token } });
    expect(allowed.statusCode).toBe(200);
    const row = await t.database.db.selectFrom('chat_uploads').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ uploader_type: 'tourist', uploader_id: user.id });

    await t.database.db
      .insertInto('settings')
      .values({ key: CHAT_CONFIG_SETTING, value: JSON.stringify({ tourist_file_switch: 'no' }) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify({ tourist_file_switch: 'no' }) }))
      .execute();
    const refused = await upload(t.app, [file('red.png', png)], { headers: { 'tourist-token': user.token } });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).msg).toBe(ChatTexts.guestUploadRefused);
  });
});

describe('guests (spec 5: tourist_file_switch)', () => {
  const guest: ChatUploader = { type: 'tourist', id: 77, guest: true };
  let guestApp: FastifyInstance;

  /** Guests may not send files until the end of the test (the switch set to no). */
  const refuseGuestFiles = () =>
    t.database.db
      .insertInto('settings')
      .values({ key: CHAT_CONFIG_SETTING, value: JSON.stringify({ tourist_file_switch: 'no' }) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify({ tourist_file_switch: 'no' }) }))
      .execute();

  beforeAll(async () => {
    guestApp = await uploadApp({ identify: async () => guest });
  });
  afterEach(async () => {
    await t.database.db.deleteFrom('settings').where('key', '=', CHAT_CONFIG_SETTING).execute();
  });
  afterAll(async () => {
    await guestApp.close();
  });

  it('lets a guest upload while the switch is yes', async () => {
    const response = await upload(guestApp, [file('red.png', png)]);
    expect(response.statusCode).toBe(200);
    const { result } = body<TChatUpload>(response);
    const row = await t.database.db.selectFrom('chat_uploads').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ uploader_type: 'tourist', uploader_id: 77 });
  });

  it("refuses a guest with the spec's text when the switch is no, before reading the body", async () => {
    await refuseGuestFiles();
    const rowsBefore = (await uploadRows()).length;
    // A body that never ends: were it read, the request would never be answered.
    const endless = new Readable({ read() {} });
    endless.push(Buffer.from('--b\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n\r\n'));
    const response = await guestApp.inject({
      method: 'POST',
      url: UPLOAD,
      payload: endless,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toMatchObject({ code: 403, msg: ChatTexts.guestUploadRefused });
    expect((await uploadRows()).length).toBe(rowsBefore);
    endless.destroy();
  });

  it('still lets a signed-in shopper upload when the switch is no', async () => {
    await refuseGuestFiles();
    const response = await upload(t.app, [file('red.png', png)], { token: shopper.token });
    expect(response.statusCode).toBe(200);
  });
});

describe('the size limit as a dependency', () => {
  it('accepts exactly the limit and refuses one byte more, removing the partial file', async () => {
    const dataDir = join(t.dataDir, 'small-limit');
    const app = await uploadApp({ identify: async () => ({ type: 'csr', id: 1, guest: false }), maxBytes: 1024, dataDir });
    try {
      const exact = await upload(app, [file('a.bin', zeros(1024))]);
      expect(exact.statusCode).toBe(200);
      expect(body<TChatUpload>(exact).result.size).toBe(1024);
      expect(storedFiles(dataDir)).toHaveLength(1);

      const over = await upload(app, [file('b.bin', zeros(1025))]);
      expect(over.statusCode).toBe(413);
      expect(body(over).msg).toBe(ChatTexts.uploadTooLarge);
      expect(storedFiles(dataDir)).toHaveLength(1);
    } finally {
      await app.close();
      await t.database.db.deleteFrom('chat_uploads').where('name', '=', 'a.bin').execute();
    }
  });
});

describe('GET /worker/kefu.HttpIndex/file/:key', () => {
  it('answers 404 for an unknown key and for one that is not a key at all', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/worker/kefu.HttpIndex/file/${randomBytes(24).toString('base64url')}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).msg).toBe(UploadTexts.notFound);
    const traversal = await t.app.inject({ method: 'GET', url: '/worker/kefu.HttpIndex/file/..%2F..%2Fshop.db' });
    expect(traversal.statusCode).toBe(404);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/worker/kefu.HttpIndex/file/${randomBytes(24).toString('base64url')}`,
    });
    expect(head.statusCode).toBe(404);
  });
});

describe('expiry (spec 9: files destroyed after 3 days)', () => {
  it('deletes expired rows and their files, keeps fresh ones, and no longer serves what expired', async () => {
    const storage = LocalFileStorage.inDataDir(t.dataDir);
    // the clock goes three days on here, and back afterwards: the other tests' tokens and uploads are of today
    const start = now;
    try {
      const old = body<TChatUpload>(await uploadAsAgent([file('old.png', png)])).result;
      now += 60_000;
      const fresh = body<TChatUpload>(await uploadAsAgent([file('fresh.png', png)])).result;

      now = Date.parse(old.expires_at) + 1;
      expect((await t.app.inject({ method: 'GET', url: old.url })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: fresh.url })).statusCode).toBe(200);

      const expiredBefore = (await uploadRows()).filter((row) => row.expires_at < now);
      const deleted = await expireUploads(t.database.db, storage, now);
      expect(deleted).toBe(expiredBefore.length);
      const left = await uploadRows();
      expect(left.some((row) => row.id === old.id)).toBe(false);
      expect(left.some((row) => row.id === fresh.id)).toBe(true);
      expect(left.every((row) => row.expires_at >= now)).toBe(true);
      expect(await storage.exists(keyOf(old))).toBe(false);
      expect(await storage.exists(keyOf(fresh))).toBe(true);
      expect(storedFiles()).toHaveLength(left.length);

      expect(await expireUploads(t.database.db, storage, now)).toBe(0);
    } finally {
      now = start;
    }
  });
});

/** The upload routes alone, for what the real app cannot yet produce: a guest, or a smaller limit. */
async function uploadApp(options: {
  identify: () => Promise<ChatUploader>;
  maxBytes?: number;
  dataDir?: string;
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(multipart, { limits: { fileSize: CHAT_UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  const db = t.database.db;
  const uploads = createChatUploadService({
    db,
    storage: LocalFileStorage.inDataDir(options.dataDir ?? t.dataDir),
    loadConfig: () => loadChatConfig(db),
    clock,
    maxBytes: options.maxBytes,
  });
  chatUploadRoutes(app, { uploads, identify: options.identify });
  await app.ready();
  return app;
}
