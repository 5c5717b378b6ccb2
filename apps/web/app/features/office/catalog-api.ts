import { CODE_OK } from '@shop/contracts';
import type { TAdminUploadedImage, TCsvImportProgress, TCsvImportReport } from '@shop/contracts/catalog-admin';
import { CatalogAdminPaths } from '@shop/contracts/catalog-admin-rules';
import { staffApi, staffToken } from '../chat-console';
import { downloadStaffFile } from './download';

/**
 * The catalogue's calls that the API client cannot make: uploads and imports with their progress
 * (XMLHttpRequest reports the bytes sent, and hands over an answer's lines as they arrive) and CSV
 * downloads. Each carries the staff token; an expired one is renewed once and the call repeated.
 */

type Envelope<T> = { code: number; msg: string; result: T };

/** Sends `body` as JSON; `onSent` follows the upload (0–1), `onLine` each full line of the answer as it arrives. */
function send(
  path: string,
  body: unknown,
  handlers: { onSent?: (share: number) => void; onLine?: (line: string) => void },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('content-type', 'application/json');
    const token = staffToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    let read = 0;
    const takeLines = () => {
      const text = request.responseText;
      const end = text.lastIndexOf('\n');
      if (end < read) return;
      for (const line of text.slice(read, end).split('\n')) if (line.trim()) handlers.onLine?.(line);
      read = end + 1;
    };
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) handlers.onSent?.(event.loaded / event.total);
    };
    request.onprogress = () => {
      if (request.status === 200) takeLines();
    };
    request.onerror = () => reject(new Error('The connection failed, please try again'));
    request.onload = () => {
      if (request.status === 200) takeLines();
      resolve({ status: request.status, text: request.responseText });
    };
    request.send(JSON.stringify(body));
  });
}

/** `send`, once more after renewing the token when the server says it expired (409). */
async function sendWithSession(path: string, body: unknown, handlers: Parameters<typeof send>[2]) {
  const first = await send(path, body, handlers);
  if (first.status !== 409 || !(await staffApi.refresh())) return first;
  return send(path, body, handlers);
}

const parsed = <T>(text: string): Envelope<T> => {
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    return { code: 0, msg: 'The server’s answer could not be read', result: null as T };
  }
};

/** Uploads a picture as base64, reporting its progress (0–1); answers its address or throws the server's words. */
export async function uploadPicture(file: File, onProgress: (share: number) => void): Promise<TAdminUploadedImage> {
  const data = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error('The picture could not be read'));
    reader.onload = () => resolve(String(reader.result));
    reader.readAsDataURL(file);
  });
  const answer = await sendWithSession(CatalogAdminPaths.upload, { file: data }, { onSent: onProgress });
  const envelope = parsed<TAdminUploadedImage & { fields?: Record<string, string> }>(answer.text);
  if (envelope.code !== CODE_OK) throw new Error(envelope.result?.fields?.file ?? envelope.msg ?? 'The picture was not uploaded');
  return envelope.result;
}

export type ImportPhase = { phase: 'sending'; share: number } | { phase: 'applying'; done: number; total: number };

/** Sends a CSV file's text and follows the import: the bytes sent, then the rows applied; answers the report. */
export async function importCsv(
  kind: 'products' | 'stock',
  csv: string,
  onProgress: (progress: ImportPhase) => void,
): Promise<TCsvImportReport> {
  let report: Envelope<TCsvImportReport> | null = null;
  const answer = await sendWithSession(
    kind === 'products' ? CatalogAdminPaths.importProducts : CatalogAdminPaths.importStock,
    { csv },
    {
      onSent: (share) => onProgress({ phase: 'sending', share }),
      onLine: (line) => {
        const value = JSON.parse(line) as TCsvImportProgress | Envelope<TCsvImportReport>;
        if ('code' in value) report = value;
        else onProgress({ phase: 'applying', done: value.done, total: value.total });
      },
    },
  );
  if (answer.status !== 200) {
    const envelope = parsed<{ fields?: Record<string, string> } | null>(answer.text);
    throw new Error(Object.values(envelope.result?.fields ?? {})[0] ?? envelope.msg);
  }
  const final = report as Envelope<TCsvImportReport> | null;
  if (!final || final.code !== CODE_OK) throw new Error(final?.msg ?? 'The import did not finish');
  return final.result;
}

/** Downloads an export as a file. */
export function downloadCsv(kind: 'products' | 'stock'): Promise<void> {
  return downloadStaffFile(kind === 'products' ? CatalogAdminPaths.exportProducts : CatalogAdminPaths.exportStock, `${kind}.csv`);
}
