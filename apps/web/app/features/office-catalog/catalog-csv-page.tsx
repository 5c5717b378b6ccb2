import type { TCsvImportReport } from '@shop/contracts/catalog-admin';
import { CSV_IMPORT_MAX_BYTES, PRODUCT_CSV_COLUMNS, STOCK_CSV_COLUMNS } from '@shop/contracts/catalog-admin-rules';
import { roleMay } from '@shop/contracts/permissions';
import { type FormEvent, useState } from 'react';
import { type Columns, DataTable } from '../../components/office/data-table';
import { Button } from '../../components/ui/button';
import { NotAllowed, useOfficeStaff } from '../office';
import { downloadCsv, type ImportPhase, importCsv } from './catalog-api';
import { CatalogNav } from './catalog-nav';

type Kind = 'products' | 'stock';

const KINDS: Record<Kind, { title: string; permission: 'catalog.edit' | 'stock.edit'; columns: readonly string[]; how: string }> =
  {
    products: {
      title: 'Products',
      permission: 'catalog.edit',
      columns: PRODUCT_CSV_COLUMNS,
      how: 'One row per SKU. Rows with the same goods_id (or, for a new product, the same url) are one product, applied together or not at all. SKUs left out of the file stay as they are; pictures are kept.',
    },
    stock: {
      title: 'Stock',
      permission: 'stock.edit',
      columns: STOCK_CSV_COLUMNS,
      how: 'One row per SKU: only sku_id and stock are read, the other columns are there to help you. Every good row is applied.',
    },
  };

/** What an import is doing, in words and as a share for the progress bar. */
function progressOf(phase: ImportPhase): { text: string; share: number } {
  if (phase.phase === 'sending')
    return { text: `Sending the file: ${Math.round(phase.share * 100)} %`, share: phase.share * 0.2 };
  const share = phase.total === 0 ? 1 : phase.done / phase.total;
  return { text: `Applying rows: ${phase.done} of ${phase.total}`, share: 0.2 + share * 0.8 };
}

type Rejection = TCsvImportReport['rejected'][number];

const REJECTION_COLUMNS: Columns<Rejection> = [
  { header: 'Row', cell: (rejection) => rejection.row },
  { header: 'Column', cell: (rejection) => rejection.column },
  { header: 'Reason', cell: (rejection) => rejection.reason },
];

/** What an import did: the rows read, applied and rejected, and each rejected row with its reason. */
function ImportReport({ kind, report }: { kind: Kind; report: TCsvImportReport }) {
  return (
    <div className="mt-3" role="status">
      <p className="text-sm text-gray-900">
        {report.rows} rows read: {report.applied} applied
        {kind === 'products' ? ` (${report.created} products created, ${report.updated} changed)` : ''}, {report.rejected.length}{' '}
        rejected.
      </p>
      {report.rejected.length > 0 ? (
        <DataTable
          caption="Rejected rows"
          className="mt-2 max-h-80 overflow-y-auto rounded-md border border-gray-200"
          headClassName="sticky top-0 bg-gray-50 text-gray-700"
          headerCellClassName=""
          columns={REJECTION_COLUMNS}
          rows={report.rejected}
          rowKey={(rejection) => `${rejection.row}-${rejection.column}`}
          rowProps={() => ({ className: 'border-t border-gray-100' })}
        />
      ) : null}
    </div>
  );
}

function CsvPanel({ kind }: { kind: Kind }) {
  const { title, columns, how } = KINDS[kind];
  const [phase, setPhase] = useState<ImportPhase | null>(null);
  const [report, setReport] = useState<TCsvImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    setProblem(null);
    await downloadCsv(kind).catch((error: unknown) => setProblem(error instanceof Error ? error.message : 'The export failed'));
    setExporting(false);
  };
  const onImport = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = (new FormData(event.currentTarget).get('file') as File | null) ?? null;
    setProblem(null);
    setReport(null);
    if (!file || file.size === 0) return setProblem('Please choose a CSV file.');
    if (file.size > CSV_IMPORT_MAX_BYTES) return setProblem('The file is too large (8 MB at most).');
    setPhase({ phase: 'sending', share: 0 });
    try {
      setReport(await importCsv(kind, await file.text(), setPhase));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The import failed');
    }
    setPhase(null);
  };

  const progress = phase ? progressOf(phase) : null;
  const headingId = `csv-${kind}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{how}</p>
      <p className="mt-1 text-sm break-words text-gray-600">
        Columns: <code>{columns.join(', ')}</code>
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Button variant="secondary" busy={exporting} onClick={onExport}>
          Export {title.toLowerCase()}
        </Button>
        <form
          onSubmit={onImport}
          aria-label={`Import ${title.toLowerCase()}`}
          className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end"
        >
          <div className="flex-1">
            <label htmlFor={`csv-${kind}-file`} className="text-sm font-medium text-gray-800">
              CSV file to import
            </label>
            <input
              id={`csv-${kind}-file`}
              name="file"
              type="file"
              accept=".csv,text/csv"
              className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3"
            />
          </div>
          <Button type="submit" busy={phase !== null}>
            Import {title.toLowerCase()}
          </Button>
        </form>
      </div>
      {progress ? (
        <div className="mt-3" role="status">
          <label className="flex flex-col gap-1 text-sm text-gray-800">
            {progress.text}
            <progress max={1} value={progress.share} className="w-full" />
          </label>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {report ? <ImportReport kind={kind} report={report} /> : null}
    </section>
  );
}

/** /office/catalog/csv: products and stock as CSV files, out and back in (catalog.edit; stock.edit for stock). */
export function CatalogCsvPage() {
  const staff = useOfficeStaff();
  if (!roleMay(staff.role, 'catalog.edit')) return <NotAllowed what="editing the catalogue" />;
  return (
    <section aria-labelledby="csv-title">
      <h1 id="csv-title" className="text-2xl font-semibold text-gray-900">
        CSV export and import
      </h1>
      <CatalogNav />
      <div className="mt-4 flex flex-col gap-4">
        <CsvPanel kind="products" />
        {roleMay(staff.role, 'stock.edit') ? <CsvPanel kind="stock" /> : null}
      </div>
    </section>
  );
}
