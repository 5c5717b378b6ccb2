import { CODE_OK } from '@shop/contracts';

/** The success envelope: `{ code: 200, msg, result }`. */
export const ok = <T>(result: T, msg = 'ok') => ({ code: CODE_OK, msg, result });
