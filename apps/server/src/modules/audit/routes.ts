import { ZAuditListResponse, ZAuditQuery, ZAuditVerificationResponse } from '@shop/contracts/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { tokenSecurity as security } from '../../http/route-options';
import type { AuditService } from './service';

export function auditRoutes(app: FastifyInstance, { audit, guard }: { audit: AuditService; guard: StaffGuard }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin/audit',
    {
      schema: {
        tags: ['staff audit'],
        summary: 'Search the audit trail of staff writes, newest first (audit.view)',
        querystring: ZAuditQuery,
        response: { 200: ZAuditListResponse },
        security,
      },
      onRequest: guard.may('audit.view'),
    },
    async (request) => ok(await audit.search(request.query)),
  );
  r.get(
    '/admin/audit/verify',
    {
      schema: {
        tags: ['staff audit'],
        summary: "Walk the audit trail's hash chain (audit.view)",
        response: { 200: ZAuditVerificationResponse },
        security,
      },
      onRequest: guard.may('audit.view'),
    },
    async () => ok(await audit.verify()),
  );
}
