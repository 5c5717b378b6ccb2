import { z } from 'zod';
import { envelope } from './envelope';

/** spec 3 "Category": id, name, url, icon, children. */
export type TCategory = {
  id: number;
  name: string;
  url: string;
  icon: string;
  image: string;
  children: TCategory[];
};

export const ZCategory: z.ZodType<TCategory> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    icon: z.string(),
    image: z.string(),
    children: z.array(ZCategory),
  }),
);

/** GET /shop/goods/classify: the whole tree, or the subtree under `id`. */
export const ZClassifyQuery = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive().optional(),
});
export const ZClassifyResponse = envelope(z.array(ZCategory));
