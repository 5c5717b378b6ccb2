import { CODE_OK } from '@shop/contracts';
import type { TAdminProduct } from '@shop/contracts/catalog-admin';
import { CatalogAdminPaths } from '@shop/contracts/catalog-admin-rules';
import { roleMay } from '@shop/contracts/permissions';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type Answer, failed, fieldsOf } from '../../components/office/answers';
import { Button } from '../../components/ui/button';
import { notify } from '../../lib/toast';
import { type Load, useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { CATALOG_PATH, CatalogNav, productPath } from './catalog-nav';
import { categoryOptions, useCategories } from './category-tree';
import { type Draft, draftOf, EMPTY, type Picture, type SkuDraft, saveRequestOf, skuGrid } from './product-draft';
import { ProductFields } from './product-fields';
import { ProductPictures, usePictureUploads } from './product-pictures';
import { SkuFields } from './sku-table';

/** The product page while its product has not loaded: loading, missing, or failed with a retry. */
function ProductNotLoaded({ status, retry }: { status: Load<unknown>['status']; retry: () => void }) {
  return (
    <section aria-labelledby="product-title">
      <h1 id="product-title" className="text-2xl font-semibold text-gray-900">
        Product
      </h1>
      <CatalogNav />
      {status === 'loading' ? (
        <p role="status" className="mt-6 text-gray-700">
          Loading the product…
        </p>
      ) : status === 'missing' ? (
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

/**
 * The editor's draft of the product (`productId` null for a new one) and its save: a saved product
 * replaces the draft and a new one moves to its own address; a refusal marks the fields and moves
 * the focus to the heading, so the summary under it is read.
 */
function useProductDraft(load: Load<TAdminProduct>, productId: number | null) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (load.status === 'ready') setDraft(draftOf(load.value));
  }, [load]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const setValues = (key: 'colors' | 'sizes', values: string[]) =>
    setDraft((current) => {
      const next = { ...current, [key]: values };
      return { ...next, skus: skuGrid(next.colors, next.sizes, current.skus) };
    });
  const setSku = (index: number, patch: Partial<SkuDraft>) =>
    setDraft((current) => ({ ...current, skus: current.skus.map((sku, i) => (i === index ? { ...sku, ...patch } : sku)) }));
  const setImages = (update: (images: Picture[]) => Picture[]) =>
    setDraft((current) => ({ ...current, images: update(current.images) }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    const answer: Answer = await staffApi
      .post<TAdminProduct>(CatalogAdminPaths.save, saveRequestOf(draft, productId), { silent: true })
      .catch(failed);
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

  return { draft, errors, refusal, busy, heading, set, setValues, setSku, setImages, onSubmit };
}

/** What the last save was refused for: the fields' messages, or the server's one line. */
function SaveRefusal({ refusal, errors }: { refusal: string | null; errors: Record<string, string> }) {
  if (!refusal) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {Object.keys(errors).length > 0
        ? `Please correct the fields marked below: ${[...new Set(Object.values(errors))].join(' ')}`
        : refusal}
    </div>
  );
}

/** /office/catalog/new and /office/catalog/:id: the product editor (catalog.edit; stock figures need stock.edit). */
export function ProductEditor() {
  const staff = useOfficeStaff();
  const params = useParams();
  const productId = params.id ? Number(params.id) : null;
  const allowed = roleMay(staff.role, 'catalog.edit');
  const mayStock = roleMay(staff.role, 'stock.edit');
  const { load, retry } = useLoad(allowed && productId !== null ? String(productId) : null, () =>
    staffApi.get<TAdminProduct>(CatalogAdminPaths.product(productId ?? 0), { silent: true }),
  );
  const categories = useCategories(allowed);
  const editor = useProductDraft(load, productId);
  const pictures = usePictureUploads((picture) => editor.setImages((images) => [...images, picture]));

  if (!allowed) return <NotAllowed what="editing the catalogue" />;
  if (productId !== null && load.status !== 'ready') return <ProductNotLoaded status={load.status} retry={retry} />;

  const { draft, errors } = editor;
  const options = categories.load.status === 'ready' ? categoryOptions(categories.load.value.data) : [];
  return (
    <section aria-labelledby="product-title">
      <h1
        id="product-title"
        ref={editor.heading}
        tabIndex={-1}
        className="text-2xl font-semibold text-gray-900 focus:outline-none"
      >
        {productId === null ? 'New product' : `Edit ${draft.name || 'product'}`}
      </h1>
      <CatalogNav />
      <form onSubmit={editor.onSubmit} noValidate aria-labelledby="product-title" className="mt-4 flex flex-col gap-4">
        <SaveRefusal refusal={editor.refusal} errors={errors} />
        <ProductFields draft={draft} errors={errors} options={options} onChange={editor.set} />
        <SkuFields draft={draft} errors={errors} mayStock={mayStock} onValues={editor.setValues} onSku={editor.setSku} />
        <ProductPictures
          images={draft.images}
          error={errors.images}
          uploads={pictures.uploads}
          onImages={editor.setImages}
          onFiles={pictures.onFiles}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={editor.busy} disabled={pictures.sending}>
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
