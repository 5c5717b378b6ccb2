import { CODE_OK } from '@shop/contracts';
import type { TAdminProduct, TAdminProductSaveRequest } from '@shop/contracts/catalog-admin';
import {
  CatalogAdminPaths,
  COLOR_NAME_MAX,
  IMAGE_ALT_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_NAME_MAX,
  SIZE_NAME_MAX,
} from '@shop/contracts/catalog-admin-rules';
import { resizedImageUrl } from '@shop/contracts/images';
import { roleMay } from '@shop/contracts/permissions';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type Answer, failed, fieldsOf } from '../../components/office/answers';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { notify } from '../../lib/toast';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { uploadPicture } from './catalog-api';
import { CATALOG_PATH, CatalogNav, categoryOptions, productPath, useCategories } from './catalog-page';

type SkuDraft = { id?: number; color: string; size: string; price: string; stock: string };
type Picture = { url: string; alt: string };
type Upload = { key: number; name: string; share: number; error?: string };

type Draft = {
  name: string;
  url: string;
  category_id: string;
  description: string;
  visible: 0 | 1;
  price: string;
  sale_price: string;
  colors: string[];
  sizes: string[];
  skus: SkuDraft[];
  images: Picture[];
};

const EMPTY: Draft = {
  name: '',
  url: '',
  category_id: '',
  description: '',
  visible: 1,
  price: '',
  sale_price: '',
  colors: [],
  sizes: [],
  skus: [],
  images: [],
};

const unique = (values: string[]) =>
  values.filter((value, i) => values.findIndex((v) => v.toLowerCase() === value.toLowerCase()) === i);
const pairKey = (color: string, size: string) => `${color.toLowerCase()}\u0000${size.toLowerCase()}`;

function draftOf(product: TAdminProduct): Draft {
  return {
    name: product.name,
    url: product.url,
    category_id: String(product.category_id),
    description: product.description,
    visible: product.visible,
    price: product.price.toFixed(2),
    sale_price: product.sale_price === null ? '' : product.sale_price.toFixed(2),
    colors: unique(product.skus.map((sku) => sku.color)),
    sizes: unique(product.skus.map((sku) => sku.size)),
    skus: product.skus.map((sku) => ({
      id: sku.id,
      color: sku.color,
      size: sku.size,
      price: sku.price === null ? '' : sku.price.toFixed(2),
      stock: String(sku.stock),
    })),
    images: product.images,
  };
}

/** Every colour × size, keeping what each existing pair had (its id, price and stock). */
function skuGrid(colors: string[], sizes: string[], previous: SkuDraft[]): SkuDraft[] {
  const known = new Map(previous.map((sku) => [pairKey(sku.color, sku.size), sku]));
  return colors.flatMap((color) =>
    sizes.map((size) => known.get(pairKey(color, size)) ?? { color, size, price: '', stock: '0' }),
  );
}

/** A number typed in a field: '' is absent; what is not a number is sent as it is, for the server to name. */
const numberOr = (text: string, empty: number | null) => {
  const value = text.trim();
  if (value === '') return empty;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
};

/** One list of values (colours or sizes): each removable, a new one added by its field. */
function ValueList({
  label,
  values,
  max,
  onChange,
  error,
}: {
  label: string;
  values: string[];
  max: number;
  onChange: (values: string[]) => void;
  error?: string;
}) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const add = () => {
    const value = typed.trim();
    if (!value) return;
    onChange(unique([...values, value]));
    setTyped('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="text-sm font-medium text-gray-800">{label}</legend>
      <ul className="flex flex-wrap gap-2" aria-label={label}>
        {values.length === 0 ? <li className="text-sm text-gray-600">None yet.</li> : null}
        {values.map((value) => (
          <li
            key={value}
            className="flex items-center gap-1 rounded-full border border-gray-300 bg-gray-50 py-1 pr-1 pl-3 text-sm"
          >
            {value}
            <button
              type="button"
              onClick={() => onChange(values.filter((v) => v !== value))}
              aria-label={`Remove ${value}`}
              className="inline-flex size-8 items-center justify-center rounded-full text-gray-700 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-gray-900"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="flex items-end gap-2">
        <Field
          id={inputId}
          label={`Add to ${label.toLowerCase()}`}
          value={typed}
          maxLength={max}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKey}
          className="flex-1"
          error={error}
        />
        <Button variant="secondary" onClick={add}>
          Add
        </Button>
      </div>
    </fieldset>
  );
}

/** /office/catalog/new and /office/catalog/:id: the product editor (catalog.edit; stock figures need stock.edit). */
export function ProductEditor() {
  const staff = useOfficeStaff();
  const params = useParams();
  const productId = params.id ? Number(params.id) : null;
  const allowed = roleMay(staff.role, 'catalog.edit');
  const mayStock = roleMay(staff.role, 'stock.edit');
  const navigate = useNavigate();
  const { load, retry } = useLoad(allowed && productId !== null ? String(productId) : null, () =>
    staffApi.get<TAdminProduct>(CatalogAdminPaths.product(productId ?? 0), { silent: true }),
  );
  const categories = useCategories(allowed);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const uploadKey = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (load.status === 'ready') setDraft(draftOf(load.value));
  }, [load]);

  if (!allowed) return <NotAllowed what="editing the catalogue" />;
  if (productId !== null && load.status !== 'ready') {
    return (
      <section aria-labelledby="product-title">
        <h1 id="product-title" className="text-2xl font-semibold text-gray-900">
          Product
        </h1>
        <CatalogNav />
        {load.status === 'loading' ? (
          <p role="status" className="mt-6 text-gray-700">
            Loading the product…
          </p>
        ) : load.status === 'missing' ? (
          <p className="mt-6 text-gray-700">
            This product does not exist.{' '}
            <Link to={CATALOG_PATH} className="underline">
              Back to the products
            </Link>
          </p>
        ) : (
          <div className="mt-6">
            <p role="alert" className="text-red-800">
              The product could not be loaded.
            </p>
            <Button variant="secondary" onClick={retry} className="mt-3">
              Try again
            </Button>
          </div>
        )}
      </section>
    );
  }

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const setValues = (key: 'colors' | 'sizes', values: string[]) =>
    setDraft((current) => {
      const next = { ...current, [key]: values };
      return { ...next, skus: skuGrid(next.colors, next.sizes, current.skus) };
    });
  const setSku = (index: number, patch: Partial<SkuDraft>) =>
    setDraft((current) => ({ ...current, skus: current.skus.map((sku, i) => (i === index ? { ...sku, ...patch } : sku)) }));
  const movePicture = (index: number, by: -1 | 1) =>
    setDraft((current) => {
      const images = [...current.images];
      const [moved] = images.splice(index, 1);
      if (moved) images.splice(index + by, 0, moved);
      return { ...current, images };
    });

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    for (const file of files) {
      const key = ++uploadKey.current;
      setUploads((current) => [...current, { key, name: file.name, share: 0 }]);
      try {
        const uploaded = await uploadPicture(file, (share) =>
          setUploads((current) => current.map((u) => (u.key === key ? { ...u, share } : u))),
        );
        setDraft((current) => ({ ...current, images: [...current.images, { url: uploaded.url, alt: '' }] }));
        setUploads((current) => current.filter((u) => u.key !== key));
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The picture was not uploaded';
        setUploads((current) => current.map((u) => (u.key === key ? { ...u, error: message } : u)));
      }
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = {
      ...(productId !== null ? { id: productId } : {}),
      name: draft.name,
      url: draft.url.trim(),
      category_id: numberOr(draft.category_id, null),
      description: draft.description,
      visible: draft.visible,
      price: numberOr(draft.price, null),
      sale_price: numberOr(draft.sale_price, null),
      skus: draft.skus.map((sku) => ({
        ...(sku.id !== undefined ? { id: sku.id } : {}),
        color: sku.color,
        size: sku.size,
        price: numberOr(sku.price, null),
        stock: numberOr(sku.stock, 0),
      })),
      images: draft.images,
    } as TAdminProductSaveRequest;
    setBusy(true);
    setRefusal(null);
    const answer: Answer = await staffApi.post<TAdminProduct>(CatalogAdminPaths.save, request, { silent: true }).catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) {
      const saved = answer.result as TAdminProduct;
      setErrors({});
      setDraft(draftOf(saved));
      notify.success(`${saved.name} saved.`);
      if (productId === null) navigate(productPath(saved.id), { replace: true });
      return;
    }
    setErrors(fieldsOf(answer) ?? {});
    setRefusal(answer.msg);
    heading.current?.focus();
  };

  const options = categories.load.status === 'ready' ? categoryOptions(categories.load.value.data) : [];
  const title = productId === null ? 'New product' : `Edit ${draft.name || 'product'}`;
  const skuError = errors.skus ?? Object.entries(errors).find(([field]) => field.startsWith('skus.'))?.[1];
  return (
    <section aria-labelledby="product-title">
      <h1 id="product-title" ref={heading} tabIndex={-1} className="text-2xl font-semibold text-gray-900 focus:outline-none">
        {title}
      </h1>
      <CatalogNav />
      <form onSubmit={onSubmit} noValidate aria-labelledby="product-title" className="mt-4 flex flex-col gap-4">
        {refusal ? (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {Object.keys(errors).length > 0
              ? `Please correct the fields marked below: ${[...new Set(Object.values(errors))].join(' ')}`
              : refusal}
          </div>
        ) : null}

        <fieldset className="grid min-w-0 gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold text-gray-900">The product</legend>
          <Field
            label="Name"
            value={draft.name}
            maxLength={PRODUCT_NAME_MAX}
            onChange={(event) => set('name', event.target.value)}
            error={errors.name}
            required
          />
          <Field
            label="Address (made from the name when empty)"
            value={draft.url}
            onChange={(event) => set('url', event.target.value)}
            error={errors.url}
            autoComplete="off"
          />
          <SelectField
            label="Category"
            value={draft.category_id}
            onChange={(event) => set('category_id', event.target.value)}
            error={errors.category_id}
          >
            <option value="">Choose a category</option>
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Visibility"
            value={String(draft.visible)}
            onChange={(event) => set('visible', event.target.value === '1' ? 1 : 0)}
            error={errors.visible}
          >
            <option value="1">Shown in the shop</option>
            <option value="0">Hidden</option>
          </SelectField>
          <Field
            label="Price (USD)"
            inputMode="decimal"
            value={draft.price}
            onChange={(event) => set('price', event.target.value)}
            error={errors.price}
            required
          />
          <Field
            label="Sale price (USD, empty when not on sale)"
            inputMode="decimal"
            value={draft.sale_price}
            onChange={(event) => set('sale_price', event.target.value)}
            error={errors.sale_price}
          />
          <div className="flex flex-col gap-1 sm:col-span-2">
            <label htmlFor="product-description" className="text-sm font-medium text-gray-800">
              Description
            </label>
            <textarea
              id="product-description"
              value={draft.description}
              maxLength={PRODUCT_DESCRIPTION_MAX}
              rows={5}
              onChange={(event) => set('description', event.target.value)}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? 'product-description-error' : undefined}
              className="w-full rounded-md border border-gray-300 p-3 text-base focus:outline-2 focus:outline-gray-900"
            />
            {errors.description ? (
              <p id="product-description-error" role="alert" className="text-sm text-red-700">
                {errors.description}
              </p>
            ) : null}
          </div>
        </fieldset>

        <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4">
          <legend className="px-1 text-lg font-semibold text-gray-900">Colours, sizes and stock</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <ValueList label="Colours" values={draft.colors} max={COLOR_NAME_MAX} onChange={(v) => setValues('colors', v)} />
            <ValueList label="Sizes" values={draft.sizes} max={SIZE_NAME_MAX} onChange={(v) => setValues('sizes', v)} />
          </div>
          {skuError ? (
            <p role="alert" className="text-sm text-red-700">
              {skuError}
            </p>
          ) : null}
          {!mayStock ? (
            <p className="text-sm text-gray-600">Your role does not change stock: the figures are shown as they are.</p>
          ) : null}
          {draft.skus.length === 0 ? (
            <p className="text-sm text-gray-600">Add at least one colour and one size: each pair is a SKU.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[480px] text-left text-sm">
                <caption className="sr-only">SKUs: {draft.skus.length}</caption>
                <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Colour
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Size
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Own price (USD)
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Stock
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {draft.skus.map((sku, index) => {
                    const name = `${sku.color} ${sku.size}`;
                    return (
                      <tr key={pairKey(sku.color, sku.size)} className="border-b border-gray-100 last:border-0">
                        <th scope="row" className="px-3 py-2 font-normal text-gray-900">
                          {sku.color}
                        </th>
                        <td className="px-3 py-2 text-gray-900">{sku.size}</td>
                        <td className="px-3 py-2">
                          <input
                            aria-label={`Own price of ${name}`}
                            inputMode="decimal"
                            placeholder={draft.sale_price || draft.price || 'As the product'}
                            value={sku.price}
                            onChange={(event) => setSku(index, { price: event.target.value })}
                            className="min-h-11 w-32 rounded-md border border-gray-300 px-2 placeholder:text-gray-500 focus:outline-2 focus:outline-gray-900"
                          />
                        </td>
                        <td className="px-3 py-2">
                          <input
                            aria-label={`Stock of ${name}`}
                            inputMode="numeric"
                            value={sku.stock}
                            readOnly={!mayStock}
                            onChange={(event) => setSku(index, { stock: event.target.value })}
                            className="min-h-11 w-24 rounded-md border border-gray-300 px-2 read-only:bg-gray-100 focus:outline-2 focus:outline-gray-900"
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </fieldset>

        <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
          <legend className="px-1 text-lg font-semibold text-gray-900">Pictures</legend>
          <p className="text-sm text-gray-600">
            The first picture is the product’s main one. Each is resized and stripped of its camera data on upload; the
            alternative text is read out to shoppers who cannot see it.
          </p>
          {errors.images ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.images}
            </p>
          ) : null}
          <ol className="flex flex-col gap-3" aria-label="Pictures in display order">
            {draft.images.map((image, index) => (
              <li
                key={image.url}
                className="flex flex-col gap-3 rounded-md border border-gray-200 p-3 sm:flex-row sm:items-center"
                data-picture={index}
              >
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
                  onChange={(event) =>
                    set(
                      'images',
                      draft.images.map((img, i) => (i === index ? { ...img, alt: event.target.value } : img)),
                    )
                  }
                  className="flex-1"
                />
                <div className="flex gap-2">
                  <Button variant="secondary" disabled={index === 0} onClick={() => movePicture(index, -1)}>
                    Move up<span className="sr-only"> picture {index + 1}</span>
                  </Button>
                  <Button variant="secondary" disabled={index === draft.images.length - 1} onClick={() => movePicture(index, 1)}>
                    Move down<span className="sr-only"> picture {index + 1}</span>
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      set(
                        'images',
                        draft.images.filter((_, i) => i !== index),
                      )
                    }
                  >
                    Remove<span className="sr-only"> picture {index + 1}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ol>
          {uploads.length > 0 ? (
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
          ) : null}
          {draft.images.length < PRODUCT_IMAGES_MAX ? (
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

        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy} disabled={uploads.some((upload) => !upload.error)}>
            {productId === null ? 'Create product' : 'Save product'}
          </Button>
          <Link
            to={CATALOG_PATH}
            className="inline-flex min-h-11 items-center rounded-md border border-gray-300 bg-white px-4 text-sm text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-gray-900"
          >
            Back to the products
          </Link>
        </div>
      </form>
    </section>
  );
}
