/**
 * One-time e-mail codes (decision 0025): issued per address and purpose, checked once.
 */
export { eraseCodesOf } from './personal-data';
export { type CodeCheck, createEmailCodeService, type EmailCodeService, sentOrWait } from './service';
