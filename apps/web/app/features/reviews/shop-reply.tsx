import { SHOP_NAME } from '@shop/contracts';
import type { TReviewReply } from '@shop/contracts/reviews';
import { formatDay } from '../points';

/** The shop's public reply under a review: who answers, when, and what it said. */
export function ShopReply({ reply }: { reply: TReviewReply }) {
  return (
    <div className="mt-3 rounded-md border-l-4 border-gray-900 bg-gray-50 px-4 py-3" data-testid="shop-reply">
      <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
        <span className="font-semibold text-gray-900">Reply from {SHOP_NAME}</span>
        <time className="text-gray-600" dateTime={new Date(reply.replied_at).toISOString()}>
          {formatDay(reply.replied_at)}
        </time>
      </p>
      <p className="mt-1 whitespace-pre-line text-gray-900">{reply.content}</p>
    </div>
  );
}
