import { ZIdempotencyHeaders, ZOrderPayRequest, ZOrderPayResponse } from '@shop/contracts/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireSubject } from '../../http/auth';
import { ok } from '../../http/envelope';
import { tokenSecurity as security } from '../../http/route-options';
import type { AuthService } from '../auth';
import type { PaymentService } from './service';

export function paymentRoutes(app: FastifyInstance, { payments, auth }: { payments: PaymentService; auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/shop/order/pay',
    {
      schema: {
        tags: ['orders'],
        summary: 'Pay for an order waiting for payment (Idempotency-Key header required)',
        description:
          'With the built-in test provider (PAYMENT_PROVIDER=test): 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is ' +
          "declined, 4000 0000 0000 9995 answers 'try again' once per order and then pays; any future expiry, any " +
          '3–4 digit CVC. result.status is succeeded, declined or retry; a success moves the order to Pending ' +
          'Shipment. The same key answers the first outcome again; a new attempt needs a new key. Only the last ' +
          'four digits of the card are kept.',
        headers: ZIdempotencyHeaders,
        body: ZOrderPayRequest,
        response: { 200: ZOrderPayResponse },
        security,
      },
      onRequest: requireSubject(auth, 'user'),
    },
    async (request) => {
      const result = await payments.pay(principalOf(request).subjectId, request.body, request.headers['idempotency-key']);
      return ok(result, result.message);
    },
  );
}
