import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { EXPORT_EXEMPT, EXPORTERS } from './export-account';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The columns that name a shopper. */
const USER_COLUMNS = new Set(['user_id', 'subject_id']);

describe('download my data: the registry of exporters', () => {
  it('covers every table with a user column, by the database’s own list of tables, or says why not', async () => {
    const tables = await t.database.db.introspection.getTables();
    const withUser = tables
      .filter((table) => table.name === 'users' || table.columns.some((column) => USER_COLUMNS.has(column.name)))
      .map((table) => table.name)
      .sort();
    expect(withUser).toContain('orders');
    const covered = new Set<string>([...EXPORTERS.flatMap((exporter) => exporter.tables), ...Object.keys(EXPORT_EXEMPT)]);
    expect(withUser.filter((table) => !covered.has(table))).toEqual([]);
  });

  it('gives each part its own key and exempts no table it also exports', () => {
    const keys = EXPORTERS.map((exporter) => exporter.key);
    expect(new Set(keys).size).toBe(keys.length);
    const exported = new Set(EXPORTERS.flatMap((exporter) => exporter.tables));
    expect(Object.keys(EXPORT_EXEMPT).filter((table) => exported.has(table as never))).toEqual([]);
  });
});
