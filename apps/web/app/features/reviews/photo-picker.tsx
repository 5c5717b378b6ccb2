import { useId, useState } from 'react';
import { useUserToken } from '../../lib/session';
import { uploadPhoto } from './reviews-api';

/** One photo the shopper chose: uploading (its progress, 0–1), uploaded (its address) or failed. */
export type Photo = { key: string; name: string; progress: number; url: string | null; error: string | null };

/**
 * The photos of a form (a review, a return request), each uploaded as soon as it is chosen
 * (POST /api/base64/upload) with its progress; `urls` are those uploaded, `uploading` is true
 * while one is still on its way.
 */
export function usePhotos(max: number) {
  const token = useUserToken();
  const [photos, setPhotos] = useState<Photo[]>([]);

  const add = (files: FileList | null) => {
    if (!files || !token) return;
    const room = max - photos.length;
    for (const file of [...files].slice(0, room)) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      setPhotos((now) => [...now, { key, name: file.name, progress: 0, url: null, error: null }]);
      const update = (change: Partial<Photo>) =>
        setPhotos((now) => now.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));
      uploadPhoto(file, token, (progress) => update({ progress }))
        .then((uploaded) => update({ url: uploaded.url, progress: 1 }))
        .catch((failure: Error) => update({ error: failure.message }));
    }
  };
  const remove = (key: string) => setPhotos((now) => now.filter((one) => one.key !== key));

  return {
    photos,
    max,
    add,
    remove,
    urls: photos.flatMap((photo) => (photo.url ? [photo.url] : [])),
    uploading: photos.some((photo) => !photo.url && !photo.error),
  };
}

/** The file input and the list of chosen photos with their progress, each removable. */
export function PhotoPicker({ state, label }: { state: ReturnType<typeof usePhotos>; label?: string }) {
  const inputId = useId();
  const { photos, max, add, remove } = state;
  return (
    <div>
      <label htmlFor={inputId} className="text-sm font-semibold">
        {label ?? 'Photos'} (up to {max})
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        multiple
        disabled={photos.length >= max}
        onChange={(event) => {
          add(event.target.files);
          event.target.value = '';
        }}
        className="mt-1 block w-full text-sm"
      />
      {photos.length > 0 ? (
        <ul className="mt-2 space-y-2" aria-label="Photos">
          {photos.map((photo) => (
            <li key={photo.key} className="flex items-center gap-3 text-sm">
              {photo.url ? <img src={photo.url} alt="" width={48} height={48} className="size-12 rounded object-cover" /> : null}
              <span className="min-w-0 flex-1 truncate">{photo.name}</span>
              {photo.error ? (
                <span className="text-red-800">{photo.error}</span>
              ) : photo.url ? (
                <span className="text-green-800">Uploaded</span>
              ) : (
                <progress max={1} value={photo.progress} aria-label={`Uploading ${photo.name}`} className="w-24" />
              )}
              <button type="button" onClick={() => remove(photo.key)} className="min-h-11 px-2 underline">
                Remove<span className="sr-only"> {photo.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
