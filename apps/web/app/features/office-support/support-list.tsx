import { SUPPORT_KEYWORD_MAX_LENGTH } from '@shop/contracts/chat-support-rules';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SearchBar } from '../../components/office/search-bar';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { pageHref, pageOf } from '../../lib/page-address';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { ConfirmDelete } from './confirm-delete';

/**
 * What the quick replies' and the knowledge base's pages share: a searched, paged list on the
 * staff API the chat console uses, with one panel open at a time above it (add, edit or delete).
 */

const PAGE_SIZE = 20;

type List<T> = { data: T[]; total: number };
type Panel<T> = { kind: 'add' } | { kind: 'edit'; item: T } | { kind: 'delete'; item: T };

/** The list's search and page, kept in the address. */
function useListAddress() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const keyword = params.get('q') ?? '';
  const hrefFor = (target: number) => pageHref(params, target);
  const search = (value: string) => setParams(value.trim() ? { q: value.trim() } : {});
  return { page, keyword, hrefFor, search };
}

/** The list at `path` (loaded only when `allowed`), its open panel and the line that says what was done. */
export function useSupportList<T>(allowed: boolean, path: string) {
  const address = useListAddress();
  const query = { page: address.page, page_size: PAGE_SIZE, keyword: address.keyword || undefined };
  const { load, reload, retry } = useLoad(allowed ? JSON.stringify(query) : null, () =>
    staffApi.get<List<T>>(path, { query, silent: true }),
  );
  const [panel, setPanel] = useState<Panel<T> | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = load.status === 'ready' ? load.value : null;
  return {
    ...address,
    load,
    retry,
    list,
    rows: list?.data ?? [],
    pages: list ? Math.ceil(list.total / PAGE_SIZE) : 0,
    panel,
    notice,
    open: (next: Panel<T>) => {
      setNotice(null);
      setPanel(next);
    },
    close: () => setPanel(null),
    finished: (text: string) => {
      setPanel(null);
      setNotice(text);
      reload();
    },
  };
}

export type SupportList<T> = ReturnType<typeof useSupportList<T>>;

/** A row's Edit and Delete buttons, each naming the row for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex gap-2">
      <Button variant="secondary" className="px-3" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button variant="secondary" className="px-3" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}

/**
 * A support list's page: its title and add button, what it is for, the search, the notice, the
 * open panel (the `editor` for a new item or one being edited, the delete question naming the
 * `noun` and the item's name), the table (`children`) and the page links.
 */
export function SupportListPage<T extends { id: number }>({
  list,
  titleId,
  title,
  add,
  intro,
  searchLabel,
  noun,
  nameOf,
  deletePath,
  editor,
  children,
}: {
  list: SupportList<T>;
  titleId: string;
  title: string;
  /** the add button's words, or null when the role may not add */
  add: string | null;
  intro: ReactNode;
  searchLabel: string;
  noun: string;
  nameOf: (item: T) => string;
  deletePath: string;
  editor: (item: T | null) => ReactNode;
  children: ReactNode;
}) {
  const { panel } = list;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={titleId} className="text-2xl font-semibold text-gray-900">
          {title}
        </h1>
        {add ? <Button onClick={() => list.open({ kind: 'add' })}>{add}</Button> : null}
      </div>
      <p className="text-sm text-gray-700">{intro}</p>
      <SearchBar
        key={list.keyword}
        label={searchLabel}
        search={{
          label: searchLabel,
          defaultValue: list.keyword,
          maxLength: SUPPORT_KEYWORD_MAX_LENGTH,
          className: 'flex-1 sm:max-w-md',
        }}
        onSearch={(values) => list.search(values.q ?? '')}
        onClear={list.keyword ? () => list.search('') : undefined}
        clearLabel="Show all"
      />
      {list.notice ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
          {list.notice}
        </p>
      ) : null}
      {panel?.kind === 'add' || panel?.kind === 'edit' ? editor(panel.kind === 'edit' ? panel.item : null) : null}
      {panel?.kind === 'delete' ? (
        <ConfirmDelete
          key={panel.item.id}
          what={`the ${noun} “${nameOf(panel.item)}”`}
          path={deletePath}
          id={panel.item.id}
          onCancel={list.close}
          onDone={() => list.finished(`The ${noun} “${nameOf(panel.item)}” was deleted.`)}
        />
      ) : null}
      {children}
      <Pagination page={list.page} pages={list.pages} hrefFor={list.hrefFor} />
    </section>
  );
}
