import { z } from 'zod';
import { envelope, listResult } from './envelope';
import { coercedId, key, wholeNumber } from './fields';

/**
 * The audit trail of staff writes (decision 0036), read by administrators (`audit.view`):
 * `GET /admin/audit` searches it by staff member, object and date; `GET /admin/audit/verify`
 * walks the hash chain and names the first entry that no longer matches.
 */

export const ZAuditQuery = z.object({
  staff_id: coercedId('staff_id').optional(),
  object_type: key('object_type').trim().max(32).optional(),
  object_id: key('object_id').trim().max(64).optional(),
  action: key('action').trim().max(64).optional(),
  /** epoch milliseconds, inclusive */
  from: wholeNumber('from', 0, 8_640_000_000_000_000).optional(),
  /** epoch milliseconds, exclusive */
  to: wholeNumber('to', 0, 8_640_000_000_000_000).optional(),
  page: wholeNumber('page', 1, 10_000).default(1),
  pagesize: wholeNumber('pagesize', 1, 100).default(20),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  staff_id: z.number().int(),
  staff_name: z.string(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: z.number().int(),
  hash: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditListResponse = envelope(listResult(ZAuditEntry));

export const ZAuditVerification = z.object({
  /** true when every entry's hash matches its content and the entry before it */
  intact: z.boolean(),
  checked: z.number().int(),
  /** the first entry that does not match, when one does not */
  broken_at: z.number().int().nullable(),
});
export type TAuditVerification = z.infer<typeof ZAuditVerification>;
export const ZAuditVerificationResponse = envelope(ZAuditVerification);
