import { CHAT_UPLOAD_MAX_BYTES } from '@shop/contracts/chat-constants';
import type { TChatUpload } from '@shop/contracts/chat-protocol';

/** spec 7: the multipart upload to the chat service (the file in the field "file"; no timeout). */
export const CHAT_UPLOAD_PATH = '/worker/kefu.HttpIndex/upload';

export type UploadKind = 'image' | 'file';

/** Why a picked file is refused before any byte is sent (spec 5 "Chat"), as the texts' keys. */
export type UploadRefusal = 'guestUploadRefused' | 'notAnImage' | 'uploadTooLarge';

/** spec 5: a guest may not send files when the tourist file switch is 'no'. Asked before the picker opens. */
export const guestRefused = (guest: boolean, touristFileSwitch: 'yes' | 'no') => guest && touristFileSwitch === 'no';

/** spec 5: the image picker takes image/* only; nothing over 50 MB. */
export function checkUpload(file: { type: string; size: number }, kind: UploadKind): UploadRefusal | null {
  if (kind === 'image' && !file.type.startsWith('image/')) return 'notAnImage';
  if (file.size > CHAT_UPLOAD_MAX_BYTES) return 'uploadTooLarge';
  return null;
}

/** The server refused the upload: its message (spec 5's texts for the size and guest rules), and its status. */
export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

/** The upload was cancelled by the shopper. */
export class UploadCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'UploadCancelled';
  }
}

/**
 * Sends one file with its progress reported (0–100). XMLHttpRequest rather than fetch: it reports
 * upload progress. Aborting `signal` cancels it (UploadCancelled); a refusal is UploadRefused; a
 * network failure is a plain Error.
 *
 * Not through the API client's `upload`: the composer serves the visitor (the shop token and the
 * chat's tourist token, or the tourist token alone) and the agent (the staff token), and sends
 * exactly the headers `uploadHeaders` gives, which no one client session has; a guest's refused
 * upload must not end a shop session; the shopper may cancel it; and its failures are said in the
 * chat's own language. An expired token is still renewed through a client's refresh (the
 * composer's `onAuthExpired`).
 */
export function uploadChatFile(
  file: Blob & { name?: string },
  kind: UploadKind,
  options: { headers: Record<string, string>; onProgress?: (percent: number) => void; signal?: AbortSignal },
): Promise<TChatUpload> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', `${CHAT_UPLOAD_PATH}?kind=${kind}`);
    for (const [name, value] of Object.entries(options.headers)) request.setRequestHeader(name, value);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    const onAbort = () => request.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    request.onload = () => {
      done();
      const body = request.response as { code?: number; msg?: string; result?: TChatUpload } | null;
      if (request.status === 200 && body?.code === 200 && body.result) {
        options.onProgress?.(100);
        resolve(body.result);
        return;
      }
      reject(new UploadRefused(body?.msg ?? '', request.status));
    };
    request.onerror = () => {
      done();
      reject(new Error('network'));
    };
    request.onabort = () => {
      done();
      reject(new UploadCancelled());
    };
    const form = new FormData();
    form.append('file', file, file.name ?? 'file');
    request.send(form);
  });
}

/**
 * The chat message an uploaded file becomes (spec 3: a file's extend holds name, size and suffix).
 * The server keeps only the upload's id and builds the message from its own record of it.
 */
export function uploadMessage(upload: TChatUpload) {
  if (upload.type === 'image') return { type: 'image' as const, content: upload.url, extend: { id: upload.id } };
  return {
    type: 'file' as const,
    content: upload.url,
    extend: { id: upload.id, name: upload.name, size: upload.size, suffix: upload.suffix },
  };
}

/**
 * spec 8: the text a failed upload shows — the chat's failure text, with the server's reason when
 * it gave one (size, guest rule; never a 5xx's or a network failure's).
 */
export function uploadFailureText(error: unknown, failed: string) {
  const reason = error instanceof UploadRefused && error.status < 500 && error.message ? error.message : '';
  return reason && reason !== failed ? `${failed} (${reason})` : failed;
}
