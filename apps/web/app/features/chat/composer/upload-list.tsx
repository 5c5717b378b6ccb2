import { CloseIcon } from '../../../components/ui/icons';
import { cx, focusRing } from '../../../lib/cx';
import type { WidgetTexts } from '../texts';
import type { UploadRow } from './use-uploads';

type UploadActions = {
  texts: WidgetTexts;
  onCancel: (row: UploadRow) => void;
  onRetry: (row: UploadRow) => void;
};

const linkButton = cx('font-medium text-gray-900 underline underline-offset-2', focusRing);

/** The composer's uploads above the toolbar: each one's progress, or its failure (spec 8). */
export function UploadList({ uploads, ...actions }: UploadActions & { uploads: UploadRow[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="space-y-2 border-b border-gray-200 px-3 py-2 text-sm" aria-label={actions.texts.file}>
      {uploads.map((row) => (
        <UploadItem key={row.id} row={row} {...actions} />
      ))}
    </ul>
  );
}

function UploadItem({ row, texts, onCancel, onRetry }: UploadActions & { row: UploadRow }) {
  if (row.status === 'failed') {
    return (
      <li className="flex flex-wrap items-center gap-x-3 gap-y-1" data-chat-upload="failed">
        <span role="alert" className="min-w-0 flex-1 text-red-700">
          <span className="block truncate font-medium">{row.name}</span>
          {row.error}
        </span>
        {row.localUrl ? (
          <a href={row.localUrl} target="_blank" rel="noopener noreferrer" download={row.name} className={linkButton}>
            {texts.localPreview}
          </a>
        ) : null}
        <button type="button" onClick={() => onRetry(row)} className={linkButton}>
          {texts.retry}
        </button>
        <button
          type="button"
          onClick={() => onCancel(row)}
          aria-label={texts.dismiss}
          className={cx('rounded-full p-1 text-gray-600 hover:bg-gray-100', focusRing)}
        >
          <CloseIcon width={16} height={16} />
        </button>
      </li>
    );
  }
  return (
    <li className="flex items-center gap-3" data-chat-upload="uploading">
      <div className="min-w-0 flex-1">
        <div className="flex justify-between gap-2 text-gray-700">
          <span className="truncate">{texts.uploading(row.name)}</span>
          <span className="tabular-nums">{texts.uploadProgress(row.progress)}</span>
        </div>
        <div
          role="progressbar"
          aria-label={texts.uploading(row.name)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={row.progress}
          className="mt-1 h-1.5 overflow-hidden rounded-full bg-gray-200"
        >
          <div className="h-full rounded-full bg-gray-900 transition-[width]" style={{ width: `${row.progress}%` }} />
        </div>
      </div>
      <button
        type="button"
        onClick={() => onCancel(row)}
        className={cx(
          'shrink-0 rounded-full border border-gray-300 px-3 py-1 text-xs font-semibold hover:border-gray-900',
          focusRing,
        )}
      >
        {texts.cancelUpload}
      </button>
    </li>
  );
}
