import { productPath } from '../../../lib/seo';
import { safeUrl } from './safe-url';
import type { MessageTexts } from './texts';

/** spec 9: an order message previews this many of its goods… */
export const ORDER_PREVIEW_ITEMS = 3;
/** …and names this many in its summary. */
export const ORDER_SUMMARY_NAMES = 2;

type Extend = Record<string, unknown>;

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

const idOf = (value: unknown): string | null => {
  const id = text(value);
  return /^[\w-]{1,64}$/.test(id) ? id : null;
};

const amount = (value: unknown): string | null => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(number) ? text(value) : null;
};

/** spec 3 "Good extend" as a card shows it. */
export type GoodsCardModel = {
  title: string;
  subtitle: string;
  /** the USD amount as sent ('12.50'), or null */
  price: string | null;
  image: string | null;
  /** the product's page, or null when neither its catalogue URL nor its id is known */
  href: string | null;
};

/**
 * A goods message's card: {id, title, subtitle, price, image or logo, url}. It links to the
 * product's page: /product/{url}.html when the catalogue URL is known, else /product/details?id=.
 */
export function goodsCard(extend: Extend, content = ''): GoodsCardModel {
  const slug = text(extend.url);
  const id = idOf(extend.id);
  let href: string | null = null;
  if (slug && !slug.includes('/') && !slug.includes(':')) href = productPath(slug.replace(/\.html$/, ''));
  else if (slug.startsWith('/product/')) href = safeUrl(slug, 'link');
  if (!href && id) href = `/product/details?id=${encodeURIComponent(id)}`;
  return {
    title: text(extend.title) || text(extend.name) || content.trim(),
    subtitle: text(extend.subtitle),
    price: amount(extend.price),
    image: safeUrl(extend.image, 'media') ?? safeUrl(extend.logo, 'media'),
    href,
  };
}

/** One line of an order (spec 3 "Order list item": detail of goods_name, num, image). */
export type OrderLine = { name: string; num: number; image: string | null };

/** spec 3 "Order extend" as a card shows it. */
export type OrderCardModel = {
  orderNo: string;
  status: string | number | null;
  /** the USD amount paid as sent, or null */
  payPrice: string | null;
  /** the number of pieces (total_num, else the sum of the lines) */
  totalNum: number;
  /** epoch ms, or null */
  createdAt: number | null;
  lines: OrderLine[];
  href: string | null;
};

/** A time sent as epoch ms, epoch seconds, a numeric string or a date string: epoch ms, or null. */
export function epochMs(value: unknown): number | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : null;
  if (number !== null) {
    if (!Number.isFinite(number) || number <= 0) return null;
    return number < 1e11 ? number * 1000 : number;
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Date.parse(value);
  return Number.isFinite(parsed) ? parsed : null;
}

function orderLines(detail: unknown): OrderLine[] {
  if (!Array.isArray(detail)) return [];
  return detail.flatMap((entry): OrderLine[] => {
    if (!entry || typeof entry !== 'object') return [];
    const line = entry as Extend;
    const num = Number(line.num);
    return [
      {
        name: text(line.goods_name) || text(line.name) || text(line.title),
        num: Number.isInteger(num) && num > 0 ? num : 1,
        image: safeUrl(line.image, 'media'),
      },
    ];
  });
}

/** An order message's card: {id, order_no, status, pay_price, total_num, create_time, detail}, linking to its details page. */
export function orderCard(extend: Extend): OrderCardModel {
  const lines = orderLines(extend.detail);
  const id = idOf(extend.id);
  const totalNum = Number(extend.total_num);
  const rawStatus = extend.status;
  return {
    orderNo: text(extend.order_no),
    status: typeof rawStatus === 'number' || (typeof rawStatus === 'string' && rawStatus.trim() !== '') ? rawStatus : null,
    payPrice: amount(extend.pay_price),
    totalNum: Number.isInteger(totalNum) && totalNum >= 0 ? totalNum : lines.reduce((sum, line) => sum + line.num, 0),
    createdAt: epochMs(extend.create_time),
    lines,
    href: id ? `/ShoppingListMain/OrderDetails?id=${encodeURIComponent(id)}` : null,
  };
}

/** spec 9: the goods an order message shows (the first 3). */
export const orderPreview = (lines: readonly OrderLine[]) => lines.slice(0, ORDER_PREVIEW_ITEMS);

/** spec 9: the order's summary names its first 2 goods, and says how many more there are. */
export function orderSummary(lines: readonly OrderLine[], texts: Pick<MessageTexts, 'orderSummary'>): string {
  const names = lines
    .map((line) => line.name)
    .filter(Boolean)
    .slice(0, ORDER_SUMMARY_NAMES);
  if (names.length === 0) return '';
  return texts.orderSummary(names, lines.length);
}

/** spec 4: the label of an order status code (1–7) or text status; anything else as sent. */
export function orderStatusLabel(status: string | number | null, texts: Pick<MessageTexts, 'orderStatus'>): string {
  if (status === null) return '';
  const key = typeof status === 'number' ? status : /^\d+$/.test(status.trim()) ? Number(status) : status.trim().toLowerCase();
  return Object.hasOwn(texts.orderStatus, key) ? (texts.orderStatus[key] ?? String(status)) : String(status);
}
