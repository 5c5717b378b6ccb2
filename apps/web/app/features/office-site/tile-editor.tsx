import { CODE_OK } from '@shop/contracts';
import { resizedImageUrl } from '@shop/contracts/images';
import type { THomeCategoryChoice, THomeTileInput, THomeUploaded } from '@shop/contracts/site-admin';
import { HOME_PICTURE_MAX_BYTES, HomeAdminMessages, SiteAdminPaths } from '@shop/contracts/site-admin-rules';
import { useId, useState } from 'react';
import { type Answer, failed, fieldsOf } from '../../components/office/answers';
import { Field, SelectField } from '../../components/ui/field';
import { cx } from '../../lib/cx';
import { readDataUrl } from '../../lib/read-file';
import { staffApi } from '../chat-console';

/** Uploads a home picture (checked for size first); `onUploaded` gets its address, the hook the refusal. */
function useHomeUpload(onUploaded: (url: string) => void) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > HOME_PICTURE_MAX_BYTES) return setError(HomeAdminMessages.pictureTooLarge);
    setUploading(true);
    const dataUrl = await readDataUrl(file).catch(() => null);
    const answer: Answer = dataUrl
      ? await staffApi.post<THomeUploaded>(SiteAdminPaths.homeUpload, { file: dataUrl }, { silent: true }).catch(failed)
      : { code: 0, msg: HomeAdminMessages.notAPicture };
    setUploading(false);
    if (answer.code === CODE_OK) onUploaded((answer.result as THomeUploaded).url);
    else setError(fieldsOf(answer)?.file ?? answer.msg);
  };
  return { uploading, error, upload };
}

/** A tile's picture and the button that uploads another, with the upload's or the server's refusal under it. */
function TilePicture({
  label,
  tile,
  serverError,
  onUploaded,
}: {
  label: string;
  tile: THomeTileInput;
  serverError?: string;
  onUploaded: (url: string) => void;
}) {
  const id = useId();
  const { uploading, error, upload } = useHomeUpload(onUploaded);
  const imageError = error ?? serverError;
  return (
    <div>
      {tile.image ? (
        <img
          src={resizedImageUrl(tile.image, 240)}
          alt={`${label}: ${tile.title}`}
          className="aspect-[8/3] w-full rounded border border-gray-200 bg-gray-100 object-cover sm:aspect-square"
        />
      ) : (
        <div className="flex aspect-[8/3] w-full items-center justify-center rounded border border-dashed border-gray-300 text-xs text-gray-600 sm:aspect-square">
          No picture yet
        </div>
      )}
      <label
        htmlFor={`${id}-file`}
        className={cx(
          'mt-2 inline-flex min-h-11 w-full cursor-pointer items-center justify-center rounded-md border border-gray-300 bg-white px-3 text-sm font-semibold text-gray-900 hover:border-gray-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gray-900',
          uploading ? 'opacity-60' : undefined,
        )}
      >
        {uploading ? 'Uploading…' : 'Upload picture'}
        <span className="sr-only"> for {label}</span>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="sr-only"
          disabled={uploading}
          aria-describedby={imageError ? `${id}-image-error` : undefined}
          onChange={(event) => {
            void upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      {imageError ? (
        <p id={`${id}-image-error`} role="alert" className="mt-1 text-sm text-red-700">
          {imageError}
        </p>
      ) : null}
    </div>
  );
}

/** One picture of a row: the picture, its title and the category it leads to. */
export function TileEditor({
  label,
  tile,
  categories,
  errorOf,
  onChange,
}: {
  label: string;
  tile: THomeTileInput;
  categories: THomeCategoryChoice[];
  errorOf: (field: keyof THomeTileInput) => string | undefined;
  onChange: (tile: THomeTileInput) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[120px_1fr]">
      <TilePicture
        label={label}
        tile={tile}
        serverError={errorOf('image')}
        onUploaded={(url) => onChange({ ...tile, image: url })}
      />
      <div className="flex min-w-0 flex-col gap-3">
        <Field
          label={`Title of ${label.toLowerCase()}`}
          value={tile.title}
          onChange={(event) => onChange({ ...tile, title: event.target.value })}
          error={errorOf('title')}
        />
        <SelectField
          label="Leads to the category"
          value={tile.category_id}
          onChange={(event) => onChange({ ...tile, category_id: Number(event.target.value) })}
          error={errorOf('category_id')}
        >
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.path}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}
