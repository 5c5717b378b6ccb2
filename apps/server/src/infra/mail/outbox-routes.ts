import {
  MailPaths,
  MailTexts,
  ZMailDetailParams,
  ZMailDetailResponse,
  ZMailListQuery,
  ZMailListResponse,
} from '@shop/contracts/mail';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { tokenSecurity as security } from '../../http/route-options';
import type { MailOutbox } from './outbox';

/** The back office's mail outbox (mail.view, administrators: messages hold reset links; decision 0046). */
export function mailOutboxRoutes(app: FastifyInstance, { outbox, guard }: { outbox: MailOutbox; guard: StaffGuard }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    MailPaths.list,
    {
      schema: {
        tags: ['staff mail'],
        summary: 'The mail the shop sent or will send, newest first, searched by recipient (mail.view)',
        querystring: ZMailListQuery,
        response: { 200: ZMailListResponse },
        security,
      },
      onRequest: guard.may('mail.view'),
    },
    async (request) => ok(await outbox.list(request.query)),
  );

  r.get(
    MailPaths.detail,
    {
      schema: {
        tags: ['staff mail'],
        summary: 'One message with its text and links; the opening is kept in the audit trail (mail.view)',
        params: ZMailDetailParams,
        response: { 200: ZMailDetailResponse },
        security,
      },
      onRequest: guard.may('mail.view'),
    },
    async (request) => {
      const message = await outbox.open(principalOf(request).subjectId, request.params.id);
      if (!message) throw AppError.notFound(MailTexts.notFound);
      return ok(message);
    },
  );
}
