/**
 * The console's tab styles. Two rows of two: four tabs with their counts do not fit one row of the
 * list's 240–300 px column, nor of the tools' 320–390 px one, and a tab running under the next pane
 * cannot be clicked.
 */
export const tabClass =
  'inline-flex min-h-11 items-center justify-center whitespace-nowrap border-b-2 border-transparent px-2 text-sm font-semibold text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900 data-[state=active]:border-gray-900 data-[state=active]:text-gray-900';
export const panelClass = 'flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden';
export const toolTabClass =
  'min-h-11 whitespace-nowrap border-b-2 border-transparent px-1.5 text-[13px] font-semibold text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900 data-[state=active]:border-gray-900 data-[state=active]:text-gray-900';
