import { CODE_OK } from '@shop/contracts';
import { CATEGORY_NAME_MAX, CatalogAdminPaths } from '@shop/contracts/catalog-admin-rules';
import { roleMay } from '@shop/contracts/permissions';
import { type FormEvent, useState } from 'react';
import { type Answer, failed, refusalText } from '../../components/office/answers';
import { Loaded } from '../../components/office/load-state';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { notify } from '../../lib/toast';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { CatalogNav } from './catalog-nav';
import { categoryOptions, type TreeRow, treeRows, useCategories } from './category-tree';

/** One category's row: rename in place, move up or down among its siblings, move under another parent. */
function CategoryRow({
  row,
  parents,
  onWrite,
}: {
  row: TreeRow;
  parents: { id: number; label: string }[];
  onWrite: (path: string, body: object, done: string) => Promise<boolean>;
}) {
  const { category, depth, index, siblings } = row;
  const [renaming, setRenaming] = useState(false);
  const [moving, setMoving] = useState(false);
  const rename = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    if (await onWrite(CatalogAdminPaths.categoryRename, { id: category.id, name }, `${name.trim()} saved.`)) setRenaming(false);
  };
  const move = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('parent_id') ?? '');
    const parentId = value === '' ? null : Number(value);
    if (
      await onWrite(
        CatalogAdminPaths.categoryMove,
        { id: category.id, parent_id: parentId, position: 10_000 },
        `${category.name} moved.`,
      )
    ) {
      setMoving(false);
    }
  };
  const shift = (by: -1 | 1) =>
    onWrite(
      CatalogAdminPaths.categoryMove,
      { id: category.id, parent_id: category.parent_id, position: index + by },
      `${category.name} moved ${by < 0 ? 'up' : 'down'}.`,
    );
  return (
    <li className="border-b border-gray-100 py-2 last:border-0" data-category={category.name}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center" style={{ paddingLeft: `${depth * 1.5}rem` }}>
        <span className="flex-1 text-gray-900">
          <span className="font-medium">{category.name}</span>
          {depth > 0 ? <span className="sr-only">, level {depth + 1}</span> : null}
          <span className="text-sm text-gray-600">
            {' '}
            /{category.url} · {category.goods} {category.goods === 1 ? 'product' : 'products'}
          </span>
        </span>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={index === 0} onClick={() => shift(-1)}>
            Up<span className="sr-only"> {category.name}</span>
          </Button>
          <Button variant="secondary" disabled={index === siblings - 1} onClick={() => shift(1)}>
            Down<span className="sr-only"> {category.name}</span>
          </Button>
          <Button variant="secondary" aria-expanded={renaming} onClick={() => setRenaming(!renaming)}>
            Rename<span className="sr-only"> {category.name}</span>
          </Button>
          <Button variant="secondary" aria-expanded={moving} onClick={() => setMoving(!moving)}>
            Move<span className="sr-only"> {category.name}</span>
          </Button>
        </div>
      </div>
      {renaming ? (
        <form
          onSubmit={rename}
          aria-label={`Rename ${category.name}`}
          className="mt-2 flex items-end gap-2"
          style={{ paddingLeft: `${depth * 1.5}rem` }}
        >
          <Field
            label="New name"
            name="name"
            defaultValue={category.name}
            maxLength={CATEGORY_NAME_MAX}
            className="flex-1"
            autoFocus
          />
          <Button type="submit">Save</Button>
        </form>
      ) : null}
      {moving ? (
        <form
          onSubmit={move}
          aria-label={`Move ${category.name}`}
          className="mt-2 flex items-end gap-2"
          style={{ paddingLeft: `${depth * 1.5}rem` }}
        >
          <SelectField label="Under" name="parent_id" defaultValue={category.parent_id ?? ''} className="flex-1">
            <option value="">The top of the tree</option>
            {parents
              .filter((parent) => parent.id !== category.id)
              .map((parent) => (
                <option key={parent.id} value={parent.id}>
                  {parent.label}
                </option>
              ))}
          </SelectField>
          <Button type="submit">Move</Button>
        </form>
      ) : null}
    </li>
  );
}

/** /office/catalog/categories: the category tree — add, rename, move under another parent, reorder (catalog.edit). */
export function CategoriesPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'catalog.edit');
  const { load, retry, reload } = useCategories(allowed);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onWrite = async (path: string, body: object, done: string) => {
    setBusy(true);
    setRefusal(null);
    const answer: Answer = await staffApi.post(path, body, { silent: true }).catch(failed);
    setBusy(false);
    if (answer.code !== CODE_OK) {
      setRefusal(refusalText(answer));
      return false;
    }
    notify.success(done);
    reload();
    return true;
  };
  const onAdd = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '');
    const parent = String(data.get('parent_id') ?? '');
    if (
      await onWrite(
        CatalogAdminPaths.categoryAdd,
        { name, parent_id: parent === '' ? null : Number(parent) },
        `${name.trim()} added.`,
      )
    ) {
      form.reset();
    }
  };

  if (!allowed) return <NotAllowed what="editing the catalogue" />;
  const categories = load.status === 'ready' ? load.value.data : [];
  const parents = categoryOptions(categories);
  const rows = treeRows(categories);
  return (
    <section aria-labelledby="categories-title">
      <h1 id="categories-title" className="text-2xl font-semibold text-gray-900">
        Categories
      </h1>
      <CatalogNav />
      <form
        onSubmit={onAdd}
        aria-label="Add a category"
        className="mt-4 grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-3 sm:items-end"
      >
        <Field label="New category’s name" name="name" maxLength={CATEGORY_NAME_MAX} required />
        <SelectField label="Under" name="parent_id" defaultValue="">
          <option value="">The top of the tree</option>
          {parents.map((parent) => (
            <option key={parent.id} value={parent.id}>
              {parent.label}
            </option>
          ))}
        </SelectField>
        <Button type="submit" busy={busy} className="sm:justify-self-start">
          Add category
        </Button>
      </form>
      {refusal ? (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <div className="mt-4 rounded-lg border border-gray-200 bg-white p-4" aria-busy={load.status === 'loading'}>
        <Loaded load={load} retry={retry} loading="Loading the categories…" failed="The categories could not be loaded.">
          {() =>
            rows.length === 0 ? (
              <p className="text-gray-700">No category yet: add the first above.</p>
            ) : (
              <ul aria-label="Category tree">
                {rows.map((row) => (
                  <CategoryRow key={row.category.id} row={row} parents={parents} onWrite={onWrite} />
                ))}
              </ul>
            )
          }
        </Loaded>
      </div>
    </section>
  );
}
