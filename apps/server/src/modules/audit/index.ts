/**
 * The audit trail of staff writes (decision 0036): `recordAudit` in the transaction of each staff
 * write, hash-chained; the search and the chain's check.
 */
export { auditRoutes } from './routes';
export { type AuditEntry, createAuditService, recordAudit } from './service';
