import { ChatTexts, type TChatUserBaseInfo } from '@shop/contracts/chat-protocol';
import { AppError } from '../http/errors';
import { defaultAgentCap } from './config';
import type { ChatContext } from './context';
import type { ChatLifecycle } from './lifecycle';
import type { ChatRouting } from './routing';
import type { SessionRow } from './store';

/** Agents reaching out to a visitor (an invitation) and handing a conversation to another agent. */
export function chatTransfers(
  ctx: ChatContext,
  { drainQueue, sessions }: Pick<ChatRouting, 'drainQueue'> & Pick<ChatLifecycle, 'sessions'>,
) {
  const { db, store, deliver, now } = ctx;

  return {
    /** An agent invites a visitor to talk (the `invite` status). */
    async invite(csrId: number, touristId: number) {
      const tourist = await store.findTourist(touristId);
      if (!tourist) throw AppError.notFound('Visitor not found');
      await store.updateTourist(touristId, { invited_by: csrId, invited_at: now() });
      deliver({ type: 'tourist', id: touristId }, 'changeStatus', {
        id: touristId,
        status: 'invite',
        csr: await ctx.staffCard(csrId),
      });
    },

    /** Hands a session to another agent, with a notice to the visitor and both agents. */
    async transfer(fromCsrId: number, sessionId: number, toCsrId: number) {
      const session = await ctx.sessionFor({ type: 'csr', id: fromCsrId }, sessionId);
      if (toCsrId === fromCsrId) throw AppError.field('csr_id', 'The conversation is already yours');
      const target = await store.findStaff(toCsrId);
      if (target?.role !== 'csr') throw AppError.field('csr_id', 'There is no such agent');
      const outcome = await store.assignWithinCap(session, toCsrId, await defaultAgentCap(db), now(), { unread_csr: 0 });
      if (outcome === 'full') throw AppError.field('csr_id', ChatTexts.agentFull);
      if (outcome === 'moved') throw AppError.field('csr_id', ChatTexts.transferMoved);
      const moved = (await store.findSession(sessionId)) as SessionRow;
      // the visitor's header shows the new agent at once; their unread count is the conversation's, kept
      const card = await ctx.staffCard(toCsrId);
      if (card) {
        const info: TChatUserBaseInfo = { session_id: sessionId, identity: 'csr', ...card };
        deliver({ type: 'tourist', id: moved.tourist_id }, 'changeUserBaseInfo', info);
      }
      await ctx.systemNotice(
        moved,
        `The conversation was transferred to ${target.nickname}.`,
        `transfer-${sessionId}-${moved.last_seq}`,
      );
      deliver({ type: 'csr', id: fromCsrId }, 'csrTransfer', { session_id: sessionId, to: await ctx.staffCard(toCsrId) });
      deliver({ type: 'csr', id: fromCsrId }, 'sessions', await sessions({ type: 'csr', id: fromCsrId }));
      deliver({ type: 'csr', id: toCsrId }, 'sessions', await sessions({ type: 'csr', id: toCsrId }));
      // the agent who handed it on has room for one more (decision 0056)
      await drainQueue();
      return ChatTexts.transferred;
    },
  };
}
