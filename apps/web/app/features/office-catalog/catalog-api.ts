import { CODE_OK } from '@shop/contracts';
import type { TAdminUploadedImage, TCsvImportProgress, TCsvImportReport } from '@shop/contracts/catalog-admin';
import { CatalogAdminPaths } from '@shop/contracts/catalog-admin-rules';
import { readDataUrl } from '../../lib/read-file';
import { staffApi } from '../chat-console';
import { downloadStaffFile } from '../office';

/**
 * The catalogue's calls that show their progress — uploads and imports (the bytes sent, then the
 * rows applied as the answer's lines arrive) — and its CSV downloads, all through the staff's API
 * client (`upload`, `file`): its session, token refresh, 401 and network rules apply to them too.
 * Server refusals are not toasted: the pages say them next to what was sent.
 */

type Refusal = { fields?: Record<string, string> } | null;

/** Uploads a picture as base64, reporting its progress (0–1); answers its address or throws the server's words. */
export async function uploadPicture(file: File, onProgress: (share: number) => void): Promise<TAdminUploadedImage> {
  const data = await readDataUrl(file);
  const envelope = await staffApi.upload<TAdminUploadedImage & Refusal>(
    CatalogAdminPaths.upload,
    { file: data },
    { silent: true, onSent: onProgress },
  );
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
  const envelope = await staffApi.upload<TCsvImportReport | Refusal>(
    kind === 'products' ? CatalogAdminPaths.importProducts : CatalogAdminPaths.importStock,
    { csv },
    {
      silent: true,
      onSent: (share) => onProgress({ phase: 'sending', share }),
      // `{done, total}` while the rows are applied; the last line is the report's envelope
      onLine: (line) => {
        const value = JSON.parse(line) as TCsvImportProgress | { code: number };
        if (!('code' in value)) onProgress({ phase: 'applying', done: value.done, total: value.total });
      },
    },
  );
  if (envelope.code !== CODE_OK) {
    const refusal = envelope.result as Refusal;
    throw new Error(Object.values(refusal?.fields ?? {})[0] ?? (envelope.msg || 'The import did not finish'));
  }
  return envelope.result as TCsvImportReport;
}

/** Downloads an export as a file. */
export function downloadCsv(kind: 'products' | 'stock'): Promise<void> {
  return downloadStaffFile(kind === 'products' ? CatalogAdminPaths.exportProducts : CatalogAdminPaths.exportStock, `${kind}.csv`);
}
