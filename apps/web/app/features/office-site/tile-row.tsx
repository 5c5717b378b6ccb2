import type { THomeCategoryChoice, THomeTileInput } from '@shop/contracts/site-admin';
import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { moveItem } from '../../lib/move-item';
import type { RowSpec } from './home-layout';
import { TileEditor } from './tile-editor';

/** One row of pictures: its tiles in order, each edited, moved up or removed, and a button to add one. */
export function TileRow({
  spec,
  tiles,
  categories,
  errors,
  onChange,
}: {
  spec: RowSpec;
  tiles: THomeTileInput[];
  categories: THomeCategoryChoice[];
  errors: Record<string, string>;
  onChange: (tiles: THomeTileInput[]) => void;
}) {
  const hintId = useId();
  const first = categories[0];
  const rowError = errors[spec.row];
  return (
    <fieldset className="mt-4 rounded-lg border border-gray-200 bg-white p-4" aria-describedby={hintId}>
      <legend className="px-1 text-base font-semibold text-gray-900">{spec.title}</legend>
      <p id={hintId} className="text-xs text-gray-600">
        {spec.hint}
      </p>
      {rowError ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {rowError}
        </p>
      ) : null}
      {tiles.length === 0 ? <p className="mt-2 text-sm text-gray-700">No pictures: the row is hidden.</p> : null}
      <ol className="mt-2 flex flex-col gap-3">
        {tiles.map((tile, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a tile has no identity but its place in the row
            key={index}
            className="rounded-md border border-gray-200 p-3"
          >
            <TileEditor
              label={`${spec.title} ${index + 1}`}
              tile={tile}
              categories={categories}
              errorOf={(field) => errors[`${spec.row}.${index}.${field}`]}
              onChange={(next) => onChange(tiles.map((old, i) => (i === index ? next : old)))}
            />
            <div className="mt-2 flex flex-wrap gap-2">
              <Button variant="ghost" disabled={index === 0} onClick={() => onChange(moveItem(tiles, index, -1))}>
                Move up<span className="sr-only"> {`${spec.title} ${index + 1}`}</span>
              </Button>
              <Button variant="ghost" onClick={() => onChange(tiles.filter((_, i) => i !== index))}>
                Remove<span className="sr-only"> {`${spec.title} ${index + 1}`}</span>
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {tiles.length < spec.max && first ? (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() =>
            onChange([...tiles, { image: tiles[tiles.length - 1]?.image ?? '', title: first.name, category_id: first.id }])
          }
        >
          {spec.add}
        </Button>
      ) : null}
    </fieldset>
  );
}
