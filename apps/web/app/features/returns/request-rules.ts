import { ReturnMessages } from '@shop/contracts/return-rules';

/** The request form's messages by field (the server's names: items, reason, items.0.num, …; `_` for the form). */
export type Errors = Record<string, string>;

/** The errors left once the lines change: those naming a line (items.N.…) go with the old choice. */
export const withoutItems = (errors: Errors): Errors =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => !name.startsWith('items.')));

/** What stops the request before it is sent, by field; empty when it may go. */
export function requestProblems({
  cancel,
  exchange,
  lines,
  exchangeChosen,
  reason,
  uploading,
}: {
  cancel: boolean;
  exchange: boolean;
  /** how many lines are chosen */
  lines: number;
  exchangeChosen: boolean;
  reason: string;
  uploading: boolean;
}): Errors {
  const found: Errors = {};
  if (!cancel && lines === 0) found.items = 'Choose at least one item and how many';
  if (exchange && lines > 1) found.items = ReturnMessages.exchangeOneLine;
  if (exchange && !exchangeChosen) found.exchange_sku_id = ReturnMessages.exchangeSkuRequired;
  if (!reason) found.reason = ReturnMessages.reason;
  if (uploading) found.images = 'Please wait for the photos to finish uploading';
  return found;
}
