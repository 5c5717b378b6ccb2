import { ChatTexts } from '@shop/contracts/chat-constants';

/** spec 9: file sizes step by 1024 through these units. */
export const FILE_SIZE_STEP = 1024;
const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * spec 5 "File size display": no size gives '未知大小'; otherwise the size divided by 1024 until it
 * is below 1024 (or in GB), with one decimal: 512 → '512.0 B', 1536 → '1.5 KB', 52428800 → '50.0 MB'.
 * A size the server sent as a numeric string is read as a number.
 */
export function formatFileSize(size: unknown): string {
  const bytes = typeof size === 'string' && size.trim() !== '' ? Number(size) : size;
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return ChatTexts.unknownSize;
  let value = bytes;
  let unit = 0;
  while (value >= FILE_SIZE_STEP && unit < UNITS.length - 1) {
    value /= FILE_SIZE_STEP;
    unit += 1;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}
