import { IMAGE_ALT_MAX, PRODUCT_IMAGES_MAX } from '@shop/contracts/catalog-admin-rules';
import { resizedImageUrl } from '@shop/contracts/images';
import { type ChangeEvent, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { moveItem } from '../../lib/move-item';
import { uploadPicture } from './catalog-api';
import type { Picture } from './product-draft';

/** A picture on its way to the server: its share sent, or why it failed. */
export type Upload = { key: number; name: string; share: number; error?: string };

/** Uploads chosen files one after another, following each one's progress; each uploaded picture is `onUploaded`. */
export function usePictureUploads(onUploaded: (picture: Picture) => void) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const uploadKey = useRef(0);
  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    for (const file of files) {
      const key = ++uploadKey.current;
      setUploads((current) => [...current, { key, name: file.name, share: 0 }]);
      try {
        const uploaded = await uploadPicture(file, (share) => patch(key, { share }));
        onUploaded({ url: uploaded.url, alt: '' });
        setUploads((current) => current.filter((u) => u.key !== key));
      } catch (error) {
        patch(key, { error: error instanceof Error ? error.message : 'The picture was not uploaded' });
      }
    }
  };
  return { uploads, onFiles, sending: uploads.some((upload) => !upload.error) };
}

/** One picture in display order: its alternative text, moved up or down, or removed. */
function PictureItem({
  image,
  index,
  count,
  onAlt,
  onMove,
  onRemove,
}: {
  image: Picture;
  index: number;
  count: number;
  onAlt: (alt: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-md border border-gray-200 p-3 sm:flex-row sm:items-center" data-picture={index}>
      <img
        src={resizedImageUrl(image.url, 160)}
        alt={image.alt}
        width={96}
        height={96}
        className="size-24 rounded object-cover"
      />
      <Field
        label={`Alternative text of picture ${index + 1}`}
        value={image.alt}
        maxLength={IMAGE_ALT_MAX}
        onChange={(event) => onAlt(event.target.value)}
        className="flex-1"
      />
      <div className="flex gap-2">
        <Button variant="secondary" disabled={index === 0} onClick={() => onMove(-1)}>
          Move up<span className="sr-only"> picture {index + 1}</span>
        </Button>
        <Button variant="secondary" disabled={index === count - 1} onClick={() => onMove(1)}>
          Move down<span className="sr-only"> picture {index + 1}</span>
        </Button>
        <Button variant="secondary" onClick={onRemove}>
          Remove<span className="sr-only"> picture {index + 1}</span>
        </Button>
      </div>
    </li>
  );
}

/** Each upload under way, with its progress, or the reason it failed. */
function UploadList({ uploads }: { uploads: Upload[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Uploads">
      {uploads.map((upload) => (
        <li key={upload.key} className="text-sm text-gray-800">
          {upload.error ? (
            <span role="alert" className="text-red-800">
              {upload.name}: {upload.error}
            </span>
          ) : (
            <label className="flex flex-col gap-1">
              Uploading {upload.name}
              <progress max={1} value={upload.share} className="w-full" />
            </label>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The product's pictures in display order, the uploads under way, and the field that adds more. */
export function ProductPictures({
  images,
  error,
  uploads,
  onImages,
  onFiles,
}: {
  images: Picture[];
  error?: string;
  uploads: Upload[];
  onImages: (update: (images: Picture[]) => Picture[]) => void;
  onFiles: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <legend className="px-1 text-lg font-semibold text-gray-900">Pictures</legend>
      <p className="text-sm text-gray-600">
        The first picture is the product’s main one. Each is resized and stripped of its camera data on upload; the alternative
        text is read out to shoppers who cannot see it.
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <ol className="flex flex-col gap-3" aria-label="Pictures in display order">
        {images.map((image, index) => (
          <PictureItem
            key={image.url}
            image={image}
            index={index}
            count={images.length}
            onAlt={(alt) => onImages((current) => current.map((img, i) => (i === index ? { ...img, alt } : img)))}
            onMove={(by) => onImages((current) => moveItem(current, index, by))}
            onRemove={() => onImages((current) => current.filter((_, i) => i !== index))}
          />
        ))}
      </ol>
      <UploadList uploads={uploads} />
      {images.length < PRODUCT_IMAGES_MAX ? (
        <div>
          <label htmlFor="product-pictures" className="text-sm font-medium text-gray-800">
            Add pictures (JPEG, PNG, WebP, GIF or AVIF)
          </label>
          <input
            id="product-pictures"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            multiple
            onChange={onFiles}
            className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3"
          />
        </div>
      ) : null}
    </fieldset>
  );
}
