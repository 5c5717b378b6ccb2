import { z } from 'zod';
import { CODE_OK } from './constants';

/** Every response is `{ code, msg, result }`; `code` is 200 on success (architecture: API conventions). */
export const envelope = <T extends z.ZodType>(result: T) => z.object({ code: z.number().int(), msg: z.string(), result });

export const ZErrorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  result: z.object({ fields: z.record(z.string(), z.string()).optional() }).nullable(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export type Envelope<T> = { code: number; msg: string; result: T };

export const listResult = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().int() });

export const isOk = (envelope: { code: number }) => envelope.code === CODE_OK;
