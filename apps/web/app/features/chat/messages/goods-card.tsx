import { Price } from '../../../components/product/price';
import { CardLink } from './card-link';
import { CardThumb } from './card-thumb';
import { goodsCard } from './cards';
import type { MessageTexts } from './texts';

export type GoodsCardProps = {
  /** message.extend: {id, title, subtitle, price, image or logo, url} */
  extend: Record<string, unknown>;
  /** message.content, the title when extend has none */
  content?: string;
  texts: MessageTexts;
  /** open the product in a new tab (agents) */
  newTab?: boolean;
};

/** A goods message: picture, name, subtitle and price, leading to the product's page. */
export function GoodsCard({ extend, content = '', texts, newTab = false }: GoodsCardProps) {
  const goods = goodsCard(extend, content);
  return (
    <CardLink
      href={goods.href}
      newTab={newTab}
      opensInNewTab={texts.opensInNewTab}
      className="w-64 max-w-full rounded-lg border border-gray-200 bg-white p-2 text-gray-900"
    >
      <span className="flex gap-3">
        <CardThumb image={goods.image} size={64} className="size-16 shrink-0 rounded-md bg-gray-100" />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="sr-only">{texts.product}: </span>
          <span className="line-clamp-2 text-sm font-medium break-words">{goods.title}</span>
          {goods.subtitle ? <span className="line-clamp-1 text-xs text-gray-700">{goods.subtitle}</span> : null}
          {goods.price !== null ? <Price usd={goods.price} className="mt-auto text-sm font-semibold text-gray-950" /> : null}
        </span>
      </span>
    </CardLink>
  );
}
