import { z } from 'zod';
import { IMAGE_WIDTHS, ImageQueryTexts, type ImageWidth } from './images';

/** Kept apart from images.ts so that pages building image URLs do not load zod. */

/** The query of `/media/<path>`: without `w` the original file is served. */
export const ZImageQuery = z.object({
  w: z
    .enum(IMAGE_WIDTHS.map(String) as [string, ...string[]], { error: ImageQueryTexts.badWidth })
    .transform((text) => Number(text) as ImageWidth)
    .optional(),
  v: z
    .string({ error: ImageQueryTexts.badVersion })
    .regex(/^[\w.-]{1,64}$/, ImageQueryTexts.badVersion)
    .optional(),
});

export type TImageQuery = z.infer<typeof ZImageQuery>;
