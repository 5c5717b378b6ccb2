import { CODE_OK } from './constants';

/**
 * Every response is `{ code, msg, result }`; `code` is 200 on success (architecture: API
 * conventions). The zod schemas of the envelope are in envelope.ts, apart, so that pages which
 * only read responses do not load zod.
 */
export type Envelope<T> = { code: number; msg: string; result: T };

export const isOk = (envelope: { code: number }) => envelope.code === CODE_OK;
