import { PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX } from '@shop/contracts/catalog-admin-rules';
import { Field, SelectField } from '../../components/ui/field';
import type { Draft } from './product-draft';

/** The product's own fields: name, address, category, visibility, prices and description. */
export function ProductFields({
  draft,
  errors,
  options,
  onChange,
}: {
  draft: Draft;
  errors: Record<string, string>;
  options: { id: number; label: string }[];
  onChange: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
}) {
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2">
      <legend className="px-1 text-lg font-semibold text-gray-900">The product</legend>
      <Field
        label="Name"
        value={draft.name}
        maxLength={PRODUCT_NAME_MAX}
        onChange={(event) => onChange('name', event.target.value)}
        error={errors.name}
        required
      />
      <Field
        label="Address (made from the name when empty)"
        value={draft.url}
        onChange={(event) => onChange('url', event.target.value)}
        error={errors.url}
        autoComplete="off"
      />
      <SelectField
        label="Category"
        value={draft.category_id}
        onChange={(event) => onChange('category_id', event.target.value)}
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
        onChange={(event) => onChange('visible', event.target.value === '1' ? 1 : 0)}
        error={errors.visible}
      >
        <option value="1">Shown in the shop</option>
        <option value="0">Hidden</option>
      </SelectField>
      <Field
        label="Price (USD)"
        inputMode="decimal"
        value={draft.price}
        onChange={(event) => onChange('price', event.target.value)}
        error={errors.price}
        required
      />
      <Field
        label="Sale price (USD, empty when not on sale)"
        inputMode="decimal"
        value={draft.sale_price}
        onChange={(event) => onChange('sale_price', event.target.value)}
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
          onChange={(event) => onChange('description', event.target.value)}
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
  );
}
