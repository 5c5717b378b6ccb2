import type { Db } from '../../db/database';

/**
 * Colour and size attribute values. Every SKU names its colour and size value, so listings can
 * filter and count by id. Values are created on first use and never renamed by a SKU write.
 */
export type AttributeKind = 'color' | 'size';

const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL'];
const SUIT_LENGTHS: Record<string, number> = { S: 0, R: 1, L: 2 };

/**
 * Display order of a value: colours alphabetically (all 0, ties go by name); sizes run letters,
 * then children's ages, then numbers (dresses 0–16, shoes 36–42), then suits (36R), then One Size.
 */
export function attributeSort(kind: AttributeKind, name: string): number {
  if (kind === 'color') return 0;
  const size = name.trim().toUpperCase();
  const letter = LETTER_SIZES.indexOf(size);
  if (letter >= 0) return 100 + letter;
  const age = /^(\d{1,2})Y$/.exec(size);
  if (age) return 200 + Number(age[1]);
  if (/^\d{1,3}(\.\d)?$/.test(size)) return 1_000 + Math.round(Number(size) * 10);
  const suit = /^(\d{2})([SRL])$/.exec(size);
  if (suit) return 3_000 + Number(suit[1]) * 10 + (SUIT_LENGTHS[suit[2] ?? 'R'] ?? 1);
  if (size === 'ONE SIZE') return 9_000;
  return 9_500;
}

/** The ids of the given colours and sizes, creating the values that do not exist yet. */
export async function attributeValueIds(
  db: Db,
  values: { colors: Iterable<string>; sizes: Iterable<string> },
): Promise<{ color: Map<string, number>; size: Map<string, number> }> {
  const wanted = [
    ...[...new Set(values.colors)].sort().map((name) => ({ kind: 'color' as const, name })),
    ...[...new Set(values.sizes)].sort().map((name) => ({ kind: 'size' as const, name })),
  ];
  const result = { color: new Map<string, number>(), size: new Map<string, number>() };
  if (wanted.length === 0) return result;
  await db
    .insertInto('attribute_values')
    .values(wanted.map((v) => ({ ...v, sort: attributeSort(v.kind, v.name) })))
    .onConflict((oc) => oc.columns(['kind', 'name']).doNothing())
    .execute();
  const rows = await db
    .selectFrom('attribute_values')
    .select(['id', 'kind', 'name'])
    .where(
      'name',
      'in',
      wanted.map((v) => v.name),
    )
    .execute();
  for (const row of rows) result[row.kind].set(row.name, row.id);
  return result;
}
