import { type RawBuilder, type SqlBool, sql } from 'kysely';

/** A LIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally (escape character `\`). */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column` holds `text`, in any case, on SQLite and PostgreSQL alike (PostgreSQL's LIKE is
 * case-sensitive, so both sides are lowered).
 */
export const contains = (column: string, text: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
