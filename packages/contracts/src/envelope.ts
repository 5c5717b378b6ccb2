import { z } from 'zod';

export type { Envelope } from './response';
export { isOk } from './response';

/** The schema of a success envelope around `result` (see response.ts). */
export const envelope = <T extends z.ZodType>(result: T) => z.object({ code: z.number().int(), msg: z.string(), result });

export const ZErrorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  result: z.object({ fields: z.record(z.string(), z.string()).optional() }).nullable(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export const listResult = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().int() });
