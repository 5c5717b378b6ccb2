import { type Kysely, sql } from 'kysely';
import { isPostgres } from './columns';

/**
 * The agents' search over the chat (decision 0062): the text of every conversation's text messages,
 * and the contacts — each visitor's nickname and, for a shopper, the account's name, e-mail and
 * phone. An FTS5 table per kind on SQLite and a tsvector table with a GIN index on PostgreSQL, kept
 * in step by triggers whoever writes the rows; what exists now is indexed here.
 *
 * Both engines see the same words: every run of characters that are not letters or digits
 * separates words, case and accents do not count (FTS5's unicode61 with remove_diacritics; on
 * PostgreSQL a `chat_search` configuration of `unaccent` then `simple`), and nothing is stemmed.
 *
 * A contact's document has two parts: the names (column `name`, weight A), which every agent may
 * search, and the e-mail and phone (column `private`, weight B), which only roles that may see
 * customers do. A phone is also written as one run of digits, with and without its dialling code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await createPostgresSearch(db);
  else await createSqliteSearch(db);
}

/** The messages that are searched: what a visitor or an agent wrote (system notices are the same words everywhere). */
const SEARCHED_MESSAGE = (row: string) => `${row}.type = 'text' and ${row}.sender_type <> 'system'`;

async function createSqliteSearch(db: Kysely<unknown>) {
  const digits = (expr: string) =>
    `replace(replace(replace(replace(replace(replace(${expr}, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '')`;
  // Writes the contact documents of the visitors whose ids the SQL expression `ids` yields (rowid = tourist id).
  const insertContacts = (ids: string) => `
    insert into chat_contact_search (rowid, name, private)
    select t.id,
      t.nickname || coalesce(' ' || u.first_name || ' ' || u.last_name, ''),
      coalesce(u.email || ' ' || u.mobile || ' ' || ${digits('u.mobile')} || ' ' || ${digits('u.dial_code || u.mobile')}, '')
    from chat_tourists t left join users u on u.id = t.user_id
    where t.id in ${ids};`;
  const refreshContacts = (ids: string) => `delete from chat_contact_search where rowid in ${ids}; ${insertContacts(ids)}`;
  const statements = [
    `create virtual table chat_message_search using fts5(body, tokenize = 'unicode61 remove_diacritics 2')`,
    `create virtual table chat_contact_search using fts5(name, private, tokenize = 'unicode61 remove_diacritics 2')`,
    `create trigger chat_message_search_insert after insert on chat_messages when ${SEARCHED_MESSAGE('new')}
      begin insert into chat_message_search (rowid, body) values (new.id, new.content); end`,
    `create trigger chat_message_search_update after update of content, type on chat_messages
      begin
        delete from chat_message_search where rowid = old.id;
        insert into chat_message_search (rowid, body) select new.id, new.content where ${SEARCHED_MESSAGE('new')};
      end`,
    'create trigger chat_message_search_delete after delete on chat_messages begin delete from chat_message_search where rowid = old.id; end',
    `create trigger chat_contact_search_insert after insert on chat_tourists begin ${insertContacts('(new.id)')} end`,
    `create trigger chat_contact_search_update after update of nickname, user_id on chat_tourists
      begin ${refreshContacts('(new.id)')} end`,
    'create trigger chat_contact_search_delete after delete on chat_tourists begin delete from chat_contact_search where rowid = old.id; end',
    `create trigger chat_contact_search_user_update after update of first_name, last_name, email, mobile, dial_code on users
      begin ${refreshContacts('(select id from chat_tourists where user_id = new.id)')} end`,
    `insert into chat_message_search (rowid, body) select m.id, m.content from chat_messages m where ${SEARCHED_MESSAGE('m')}`,
    insertContacts('(select id from chat_tourists)'),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function createPostgresSearch(db: Kysely<unknown>) {
  // Letters and digits only, so that the parser sees plain words (as FTS5's unicode61 does).
  const words = (expr: string) => `regexp_replace(${expr}, '[^[:alnum:]]+', ' ', 'g')`;
  const document = (expr: string) => `to_tsvector('chat_search', ${words(expr)})`;
  const statements = [
    'create extension if not exists unaccent',
    'create text search configuration chat_search (copy = simple)',
    `alter text search configuration chat_search
      alter mapping for asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart
      with unaccent, simple`,
    `create table chat_message_search (
      message_id integer primary key references chat_messages(id) on delete cascade,
      document tsvector not null)`,
    'create index chat_message_search_document on chat_message_search using gin (document)',
    `create table chat_contact_search (
      tourist_id integer primary key references chat_tourists(id) on delete cascade,
      document tsvector not null)`,
    'create index chat_contact_search_document on chat_contact_search using gin (document)',
    `create function chat_message_search_inserted() returns trigger language plpgsql as $$
      begin
        insert into chat_message_search (message_id, document)
        select m.id, ${document('m.content')} from changed m where ${SEARCHED_MESSAGE('m')};
        return null;
      end $$`,
    `create function chat_message_search_changed() returns trigger language plpgsql as $$
      begin
        delete from chat_message_search where message_id = old.id;
        if ${SEARCHED_MESSAGE('new')} then
          insert into chat_message_search (message_id, document) values (new.id, ${document('new.content')});
        end if;
        return null;
      end $$`,
    `create function chat_contact_search_refresh(ids integer[]) returns void language sql as $$
      insert into chat_contact_search (tourist_id, document)
      select t.id,
        setweight(${document("t.nickname || coalesce(' ' || u.first_name || ' ' || u.last_name, '')")}, 'A') ||
        setweight(${document(
          "coalesce(u.email || ' ' || u.mobile || ' ' || regexp_replace(u.mobile, '\\D', '', 'g') || ' ' || regexp_replace(u.dial_code || u.mobile, '\\D', '', 'g'), '')",
        )}, 'B')
      from chat_tourists t left join users u on u.id = t.user_id
      where t.id = any(ids)
      on conflict (tourist_id) do update set document = excluded.document
    $$`,
    `create function chat_contact_search_tourists_inserted() returns trigger language plpgsql as $$
      begin perform chat_contact_search_refresh(array(select id from changed)); return null; end $$`,
    `create function chat_contact_search_tourist_changed() returns trigger language plpgsql as $$
      begin perform chat_contact_search_refresh(array[new.id]); return null; end $$`,
    `create function chat_contact_search_user_changed() returns trigger language plpgsql as $$
      begin perform chat_contact_search_refresh(array(select id from chat_tourists where user_id = new.id)); return null; end $$`,
    `create trigger chat_message_search_insert after insert on chat_messages
      referencing new table as changed for each statement execute function chat_message_search_inserted()`,
    `create trigger chat_message_search_update after update of content, type on chat_messages for each row
      when (old.content is distinct from new.content or old.type is distinct from new.type)
      execute function chat_message_search_changed()`,
    `create trigger chat_contact_search_tourists_insert after insert on chat_tourists
      referencing new table as changed for each statement execute function chat_contact_search_tourists_inserted()`,
    `create trigger chat_contact_search_tourist_update after update of nickname, user_id on chat_tourists for each row
      when (old.nickname is distinct from new.nickname or old.user_id is distinct from new.user_id)
      execute function chat_contact_search_tourist_changed()`,
    `create trigger chat_contact_search_user_update after update of first_name, last_name, email, mobile, dial_code on users
      for each row
      when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name
        or old.email is distinct from new.email or old.mobile is distinct from new.mobile
        or old.dial_code is distinct from new.dial_code)
      execute function chat_contact_search_user_changed()`,
    `insert into chat_message_search (message_id, document)
      select m.id, ${document('m.content')} from chat_messages m where ${SEARCHED_MESSAGE('m')}`,
    'select chat_contact_search_refresh(array(select id from chat_tourists))',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const trigger of [
      'chat_message_search_insert on chat_messages',
      'chat_message_search_update on chat_messages',
      'chat_contact_search_tourists_insert on chat_tourists',
      'chat_contact_search_tourist_update on chat_tourists',
      'chat_contact_search_user_update on users',
    ]) {
      await sql.raw(`drop trigger ${trigger}`).execute(db);
    }
    for (const fn of [
      'chat_message_search_inserted()',
      'chat_message_search_changed()',
      'chat_contact_search_tourists_inserted()',
      'chat_contact_search_tourist_changed()',
      'chat_contact_search_user_changed()',
      'chat_contact_search_refresh(integer[])',
    ]) {
      await sql.raw(`drop function ${fn}`).execute(db);
    }
    await sql.raw('drop table chat_message_search').execute(db);
    await sql.raw('drop table chat_contact_search').execute(db);
    await sql.raw('drop text search configuration chat_search').execute(db);
    return;
  }
  for (const trigger of [
    'chat_message_search_insert',
    'chat_message_search_update',
    'chat_message_search_delete',
    'chat_contact_search_insert',
    'chat_contact_search_update',
    'chat_contact_search_delete',
    'chat_contact_search_user_update',
  ]) {
    await sql.raw(`drop trigger ${trigger}`).execute(db);
  }
  await sql.raw('drop table chat_message_search').execute(db);
  await sql.raw('drop table chat_contact_search').execute(db);
}
