import {
  FeedbackMessages,
  FeedbackPaths,
  ZFeedbackAveragesQuery,
  ZFeedbackListQuery,
  ZFeedbackListResponse,
  ZFeedbackRequest,
  ZFeedbackSentResponse,
  ZFeedbackTrendResponse,
} from '@shop/contracts/feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalSubject, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { FeedbackLimits } from '../../http/rate-limits';
import { guarded } from '../../http/route-options';
import type { AuthService } from '../auth';
import type { FeedbackService } from './service';

type Deps = { feedback: FeedbackService; auth: AuthService; guard: StaffGuard; limits: FeedbackLimits };

/**
 * spec 7 "Uploads, feedback": POST /api/feedback (anyone, rate-limited); the staff's GET /admin/feedback
 * and the ratings over time, GET /admin/feedback/averages.
 */
export function feedbackRoutes(app: FastifyInstance, { feedback, auth, guard, limits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    FeedbackPaths.send,
    {
      schema: {
        tags: ['feedback'],
        summary: "The feedback widget's four ratings and text; the shopper comes from the session, never the body",
        body: ZFeedbackRequest,
        response: { 200: ZFeedbackSentResponse },
      },
      onRequest: optionalSubject(auth, 'user'),
    },
    async (request) => {
      const userId = request.principal?.subjectId ?? null;
      await limits.perSender(request, userId);
      const { user_id: _ignored, ...input } = request.body;
      return ok(await feedback.send(input, userId), FeedbackMessages.thanks);
    },
  );

  const view = guarded(['feedback', 'staff'], guard.may('feedback.view'), { documentToken: false });
  r.get(
    FeedbackPaths.staffList,
    view({
      summary: 'Feedback, newest first, searched and filtered, with the average of each rating (feedback.view)',
      querystring: ZFeedbackListQuery,
      response: { 200: ZFeedbackListResponse },
    }),
    async (request) => ok(await feedback.list(request.query)),
  );

  r.get(
    FeedbackPaths.staffAverages,
    view({
      summary: "Each rating's average by day or week, the last periods up to the current one (feedback.view)",
      querystring: ZFeedbackAveragesQuery,
      response: { 200: ZFeedbackTrendResponse },
    }),
    async (request) => ok(await feedback.trend(request.query)),
  );
}
