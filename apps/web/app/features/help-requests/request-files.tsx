import {
  fileSizeLabel,
  HELP_REQUEST_FILE_ACCEPT,
  HELP_REQUEST_FILE_MAX_BYTES,
  HELP_REQUEST_FILES_MAX,
} from '@shop/contracts/help-requests-rules';
import { useRef } from 'react';
import { Button } from '../../components/ui/button';

/**
 * The request's pictures and PDFs: the file picker (closed at the limit), why a choice was
 * refused, and the attached files, each with its Remove button.
 */
export function RequestFiles({
  id,
  files,
  onAdd,
  onRemove,
  disabled,
  error,
}: {
  id: string;
  files: readonly File[];
  onAdd: (chosen: File[]) => void;
  onRemove: (file: File) => void;
  disabled: boolean;
  error?: string;
}) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-files`} className="text-sm font-medium text-gray-800">
        Pictures or PDFs (optional, up to {HELP_REQUEST_FILES_MAX}, {fileSizeLabel(HELP_REQUEST_FILE_MAX_BYTES)} each)
      </label>
      <input
        ref={picker}
        id={`${id}-files`}
        type="file"
        multiple
        accept={HELP_REQUEST_FILE_ACCEPT}
        disabled={disabled || files.length >= HELP_REQUEST_FILES_MAX}
        aria-describedby={error ? `${id}-files-error` : undefined}
        onChange={(event) => {
          onAdd(Array.from(event.target.files ?? []));
          if (picker.current) picker.current.value = '';
        }}
        className="min-h-11 max-w-full text-sm text-gray-800 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-gray-400 file:bg-white file:px-4 file:text-gray-900"
      />
      {error ? (
        <p id={`${id}-files-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul aria-label="Attached files" className="flex flex-col gap-1">
          {files.map((file) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex items-center justify-between gap-2 text-sm text-gray-800"
            >
              <span className="min-w-0 truncate">
                {file.name} <span className="text-gray-600">({fileSizeLabel(file.size)})</span>
              </span>
              <Button variant="secondary" disabled={disabled} aria-label={`Remove ${file.name}`} onClick={() => onRemove(file)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
