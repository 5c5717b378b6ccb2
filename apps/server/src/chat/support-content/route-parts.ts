import { envelope } from '@shop/contracts/envelope';
import { z } from 'zod';

/** The OpenAPI tag of the support content's routes. */
export const SUPPORT_TAGS = ['chat support'];

/** A deletion's answer: no data, a message. */
export const ZDeletedResponse = envelope(z.null());
