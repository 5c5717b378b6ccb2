import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OrderStatus, type TOrderDetail } from '@shop/contracts/orders';
import { REVIEW_POINTS } from '@shop/contracts/points';
import {
  REVIEW_REJECT_REASONS,
  REVIEW_REPLY_MAX,
  ReviewMessages,
  ReviewPaths,
  type TAdminReview,
  type TGoodsReviews,
  type TMyReviews,
  type TUploadedPhoto,
} from '@shop/contracts/reviews';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { JOB } from '../../jobs';
import { makeAddress, makeCartLine, makeGoods, makeShopper, makeStaffToken, newKey, type Shopper } from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';
import { pointsBalance } from '../users';
import { BLOCKED_WORDS_SETTING, HeldFor, heldFor } from './moderation';
import { eraseReviewsOf, reviewsOf } from './personal-data';

let now = Date.now();
let t: TestApp;
let admin: string;
let csr: string;

appPerFile(
  async (made) => {
    t = made;
    admin = await makeStaffToken(t, 'admin');
    csr = await makeStaffToken(t, 'csr');
  },
  { clock: () => now },
);

const db = () => t.database.db;
const dispatch = async () => {
  await t.app.services.jobs.run(JOB.eventDispatch, now);
  await t.app.services.jobs.run(JOB.eventDispatch, now);
};

type Placed = { order: TOrderDetail; goodsIds: number[]; lineIds: number[] };

/** An order of `lines` products placed through checkout, marked paid; `deliver` ships it and the shopper receives it. */
async function placedOrder(shopper: Shopper, lines = 1, deliver = true): Promise<Placed> {
  const addressId = await makeAddress(db(), shopper.id);
  const goodsIds: number[] = [];
  const cartIds: number[] = [];
  for (let index = 0; index < lines; index++) {
    const { goodsId, skuIds } = await makeGoods(db(), { name: `Review Dress ${index}`, price_cents: 4_000, stock: 5 });
    goodsIds.push(goodsId);
    cartIds.push(await makeCartLine(db(), shopper.id, skuIds[0] as number, 1));
  }
  const answer = await injectAs(t, shopper, {
    headers: {
      'idempotency-key': newKey(),
    },
  }).post<TOrderDetail>('/shop/order/create', { address_id: addressId, cart_ids: cartIds });
  expect(answer.status).toBe(200);
  const order = answer.result;
  await db()
    .updateTable('orders')
    .set({ status: OrderStatus.PendingShipment, paid_at: now })
    .where('id', '=', order.id)
    .execute();
  if (deliver) {
    const shipped = await injectAs(t, admin).post('/admin/order/ship', {
      id: order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    expect(shipped.status).toBe(200);
    expect((await injectAs(t, shopper).post('/shop/order/receive', { id: order.id })).status).toBe(200);
  }
  const items = await db()
    .selectFrom('order_items')
    .select(['id', 'goods_id'])
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  return { order, goodsIds: items.map((item) => item.goods_id), lineIds: items.map((item) => item.id) };
}

/** The points the shopper's reviews moved: earned, less taken back. */
const reviewPoints = async (userId: number) =>
  (
    await db()
      .selectFrom('points_ledger')
      .select('amount')
      .where('user_id', '=', userId)
      .where('reason', 'in', ['review', 'review_withdrawn'])
      .execute()
  ).reduce((sum, row) => sum + row.amount, 0);

const statusOf = async (orderId: number) =>
  (await db().selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

const review = (orderItemId: number, extra: Record<string, unknown> = {}) => ({
  order_item_id: orderItemId,
  rating: 5,
  content: 'Lovely fabric, fits as expected.',
  ...extra,
});

const addReview = (shopper: Shopper, orderId: number, items: unknown[]) =>
  injectAs(t, shopper).post<{ reviews: Array<{ id: number; status: string; verified_buyer: number }> }>(ReviewPaths.add, {
    order_id: orderId,
    items,
  });

describe('the moderation rules', () => {
  it('hold links, e-mail addresses, phone numbers and listed words; pass ordinary text', () => {
    const words = ['scam'];
    expect(heldFor('Great dress, true to size. 5 stars!', words)).toBeNull();
    expect(heldFor('Buy cheaper at https://example.test/x', words)).toBe(HeldFor.link);
    expect(heldFor('see www.cheap-dresses.com', words)).toBe(HeldFor.link);
    expect(heldFor('write me: ada@example.com', words)).toBe(HeldFor.email);
    expect(heldFor('call +1 (202) 555-0143 now', words)).toBe(HeldFor.phone);
    expect(heldFor('What a SCAM.', words)).toBe(HeldFor.word);
    expect(heldFor('Scampi-coloured, lovely', words)).toBeNull();
    expect(heldFor('Size 38, 2 of them, 100% cotton', words)).toBeNull();
  });
});

describe('writing a review', () => {
  it('publishes a review of a delivered line at once as a verified buyer, completes the order as reviewed and credits the points once', async () => {
    const shopper = await makeShopper(t);
    const { order, lineIds, goodsIds } = await placedOrder(shopper, 2);
    const first = await addReview(shopper, order.id, [review(lineIds[0] as number, { rating: 4, fit: 'small' })]);
    expect(first.status).toBe(200);
    expect(first.msg).toBe(ReviewMessages.added);
    expect(first.result.reviews).toEqual([
      expect.objectContaining({ status: 'published', verified_buyer: 1, rating: 4, fit: 'small' }),
    ]);
    expect(await statusOf(order.id)).toBe(OrderStatus.Completed);

    const second = await addReview(shopper, order.id, [review(lineIds[1] as number, { rating: 1 })]);
    expect(second.status).toBe(200);
    expect(await statusOf(order.id)).toBe(OrderStatus.CompletedEvaluated);

    await dispatch();
    // the same points whatever the stars: 4 and 1 stars earn REVIEW_POINTS each
    const review_rows = await db()
      .selectFrom('points_ledger')
      .select('amount')
      .where('user_id', '=', shopper.id)
      .where('reason', '=', 'review')
      .execute();
    expect(review_rows.map((row) => row.amount)).toEqual([REVIEW_POINTS, REVIEW_POINTS]);
    expect(await reviewPoints(shopper.id)).toBe(2 * REVIEW_POINTS);

    const page = await injectAs(t, null).get<TGoodsReviews>(`${ReviewPaths.ofGoods}?goods_id=${goodsIds[0]}`);
    expect(page.status).toBe(200);
    expect(page.result.data).toEqual([
      expect.objectContaining({ verified_buyer: 1, author: 'Test B.', rating: 4, content: 'Lovely fabric, fits as expected.' }),
    ]);
    expect(page.result.summary).toMatchObject({ average: 4, count: 1 });
  });

  it('refuses a line twice, a line of another order, an order not delivered and another shopper’s order, changing nothing', async () => {
    const shopper = await makeShopper(t);
    const other = await makeShopper(t);
    const { order, lineIds } = await placedOrder(shopper, 1);
    const { order: paidOnly, lineIds: paidLines } = await placedOrder(shopper, 1, false);
    const { lineIds: othersLines } = await placedOrder(other, 1);

    const notDelivered = await addReview(shopper, paidOnly.id, [review(paidLines[0] as number)]);
    expect(notDelivered).toMatchObject({ status: 400, msg: ReviewMessages.notDelivered });

    const notInOrder = await addReview(shopper, order.id, [review(othersLines[0] as number)]);
    expect(notInOrder).toMatchObject({ status: 400, msg: ReviewMessages.notYours });

    const notHers = await addReview(other, order.id, [review(lineIds[0] as number)]);
    expect(notHers.status).toBe(404);

    const badRating = await addReview(shopper, order.id, [review(lineIds[0] as number, { rating: 6 })]);
    expect(badRating.status).toBe(400);
    expect(badRating.msg).toBe(ReviewMessages.rating);
    const empty = await addReview(shopper, order.id, [review(lineIds[0] as number, { content: '   ' })]);
    expect(empty).toMatchObject({ status: 400, msg: ReviewMessages.content });
    const twiceInOne = await addReview(shopper, order.id, [review(lineIds[0] as number), review(lineIds[0] as number)]);
    expect(twiceInOne).toMatchObject({ status: 400, msg: ReviewMessages.duplicateLine });
    expect(await db().selectFrom('reviews').select('id').where('order_id', '=', order.id).execute()).toEqual([]);

    expect((await addReview(shopper, order.id, [review(lineIds[0] as number)])).status).toBe(200);
    const again = await addReview(shopper, order.id, [review(lineIds[0] as number, { rating: 1 })]);
    expect(again).toMatchObject({ status: 400 });
    const rows = await db().selectFrom('reviews').select('rating').where('order_id', '=', order.id).execute();
    expect(rows).toEqual([{ rating: 5 }]);
  });

  it('keeps one review per line when 50 submissions for it arrive at once', async () => {
    const shopper = await makeShopper(t);
    const { order, lineIds } = await placedOrder(shopper, 1);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        addReview(shopper, order.id, [review(lineIds[0] as number, { rating: (index % 5) + 1 })]),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(49);
    const rows = await db()
      .selectFrom('reviews')
      .select('id')
      .where('order_item_id', '=', lineIds[0] as number)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await statusOf(order.id)).toBe(OrderStatus.CompletedEvaluated);
    const history = await db()
      .selectFrom('order_status_history')
      .select('to_status')
      .where('order_id', '=', order.id)
      .where('to_status', '=', OrderStatus.CompletedEvaluated)
      .execute();
    expect(history).toHaveLength(1);
  });
});

describe('moderation by staff', () => {
  it('holds a review with a link for staff; approving publishes it and credits points; rejecting takes them back; each audited', async () => {
    const shopper = await makeShopper(t);
    const { order, lineIds, goodsIds } = await placedOrder(shopper, 2);
    const held = await addReview(shopper, order.id, [
      review(lineIds[0] as number, { content: 'Cheaper at www.elsewhere.com' }),
      review(lineIds[1] as number, { content: 'Perfect for the wedding' }),
    ]);
    expect(held.status).toBe(200);
    expect(held.msg).toBe(ReviewMessages.addedPending);
    const [pendingId, publishedId] = held.result.reviews.map((row) => row.id) as [number, number];
    expect(held.result.reviews.map((row) => row.status)).toEqual(['pending', 'published']);
    expect((await injectAs(t, null).get<TGoodsReviews>(`${ReviewPaths.ofGoods}?goods_id=${goodsIds[0]}`)).result.total).toBe(0);

    const queue = await injectAs(t, admin).get<{ data: TAdminReview[]; reasons: string[] }>(ReviewPaths.adminList);
    expect(queue.status).toBe(200);
    expect(queue.result.data.find((row) => row.id === pendingId)).toMatchObject({ held_for: HeldFor.link, status: 'pending' });
    expect(queue.result.reasons).toEqual([...REVIEW_REJECT_REASONS]);
    expect((await injectAs(t, csr).get(ReviewPaths.adminList)).status).toBe(403);
    expect((await injectAs(t, csr).post(ReviewPaths.adminApprove, { id: pendingId })).status).toBe(403);

    const approved = await injectAs(t, admin).post<TAdminReview>(ReviewPaths.adminApprove, { id: pendingId });
    expect(approved.status).toBe(200);
    expect(approved.result.status).toBe('published');
    expect((await injectAs(t, admin).post(ReviewPaths.adminApprove, { id: pendingId })).msg).toBe(ReviewMessages.notPending);
    await dispatch();
    expect(await reviewPoints(shopper.id)).toBe(2 * REVIEW_POINTS);

    const badReason = await injectAs(t, admin).post(ReviewPaths.adminReject, { id: publishedId, reason: 'I do not like it' });
    expect(badReason).toMatchObject({ status: 400, msg: ReviewMessages.rejectReason });
    const rejected = await injectAs(t, admin).post<TAdminReview>(ReviewPaths.adminReject, {
      id: publishedId,
      reason: REVIEW_REJECT_REASONS[2],
    });
    expect(rejected.status).toBe(200);
    expect(rejected.result).toMatchObject({ status: 'rejected', reject_reason: REVIEW_REJECT_REASONS[2] });
    expect(
      (await injectAs(t, admin).post(ReviewPaths.adminReject, { id: publishedId, reason: REVIEW_REJECT_REASONS[2] })).msg,
    ).toBe(ReviewMessages.alreadyRejected);
    await dispatch();
    expect(await reviewPoints(shopper.id)).toBe(REVIEW_POINTS);
    expect(await pointsBalance(db(), shopper.id)).toBeGreaterThanOrEqual(REVIEW_POINTS);

    const mine = await injectAs(t, shopper).get<TMyReviews>(ReviewPaths.mine);
    expect(mine.result.reviews.find((row) => row.id === publishedId)).toMatchObject({
      status: 'rejected',
      reject_reason: REVIEW_REJECT_REASONS[2],
    });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'object_id', 'reason'])
      .where('object_type', '=', 'review')
      .where('object_id', 'in', [String(pendingId), String(publishedId)])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'review.approve', object_id: String(pendingId), reason: null },
      { action: 'review.reject', object_id: String(publishedId), reason: REVIEW_REJECT_REASONS[2] },
    ]);
  });

  it('reads the word list from the settings', async () => {
    await db()
      .insertInto('settings')
      .values({ key: BLOCKED_WORDS_SETTING, value: JSON.stringify(['polyester']) })
      .execute();
    try {
      const shopper = await makeShopper(t);
      const { order, lineIds } = await placedOrder(shopper, 1);
      const answer = await addReview(shopper, order.id, [review(lineIds[0] as number, { content: 'Sadly polyester, not silk' })]);
      expect(answer.result.reviews[0]?.status).toBe('pending');
    } finally {
      await db().deleteFrom('settings').where('key', '=', BLOCKED_WORDS_SETTING).execute();
    }
  });
});

describe('likes', () => {
  it('toggle one like per shopper, never on one’s own review, and count right under concurrency', async () => {
    const author = await makeShopper(t);
    const { order, lineIds } = await placedOrder(author, 1);
    const id = (await addReview(author, order.id, [review(lineIds[0] as number)])).result.reviews[0]?.id as number;
    const own = await injectAs(t, author).post(ReviewPaths.like, { id });
    expect(own).toMatchObject({ status: 400, msg: ReviewMessages.ownReview });

    const fan = await makeShopper(t);
    expect((await injectAs(t, fan).post<{ liked: number; likes: number }>(ReviewPaths.like, { id })).result).toEqual({
      id,
      liked: 1,
      likes: 1,
    });
    expect((await injectAs(t, fan).post<{ liked: number; likes: number }>(ReviewPaths.like, { id })).result).toEqual({
      id,
      liked: 0,
      likes: 0,
    });

    const fans = await Promise.all(Array.from({ length: 10 }, () => makeShopper(t)));
    const answers = await Promise.all(fans.map((one) => injectAs(t, one).post(ReviewPaths.like, { id })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const row = await db().selectFrom('reviews').select('likes').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.likes).toBe(10);
    const likeRows = await db().selectFrom('review_likes').select('user_id').where('review_id', '=', id).execute();
    expect(likeRows).toHaveLength(10);
    expect((await injectAs(t, fan).post(ReviewPaths.like, { id: 2_000_000_000 })).status).toBe(404);
    expect((await injectAs(t, null).post(ReviewPaths.like, { id })).status).toBe(401);

    // a liker's account erased: the like comes off the review and its counter; the review stays, and
    // an author's erasure keeps the review, naming no one
    await db()
      .transaction()
      .execute((trx) => eraseReviewsOf(trx, (fans[0] as { id: number }).id));
    const after = await db().selectFrom('reviews').select('likes').where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.likes).toBe(9);
    expect(await db().selectFrom('review_likes').select('user_id').where('review_id', '=', id).execute()).toHaveLength(9);
    const exported = await reviewsOf(db(), author.id);
    expect(exported.reviews.map((one) => one.id)).toContain(id);
    expect((await reviewsOf(db(), (fans[1] as { id: number }).id)).likes_given.map((like) => like.review_id)).toEqual([id]);
  });
});

describe('photos', () => {
  it('takes the type from the bytes, resizes, strips EXIF; only the uploader’s unused photo goes on a review', async () => {
    const shopper = await makeShopper(t);
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#a33' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Somewhere private', Artist: 'Ada' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const uploaded = await injectAs(t, shopper).post<TUploadedPhoto>(ReviewPaths.upload, {
      file: `data:text/plain;base64,${jpeg.toString('base64')}`,
    });
    expect(uploaded.status).toBe(200);
    expect(uploaded.msg).toBe(ReviewMessages.uploaded);
    expect(uploaded.result).toMatchObject({ width: 1280 });
    const stored = await readFile(join(t.dataDir, uploaded.result.url));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1280 });
    expect(metadata.exif).toBeUndefined();

    const notPhoto = await injectAs(t, shopper).post(ReviewPaths.upload, {
      file: Buffer.from('<svg onload=alert(1)>').toString('base64'),
    });
    expect(notPhoto).toMatchObject({ status: 400, msg: ReviewMessages.notAPhoto });
    expect((await injectAs(t, null).post(ReviewPaths.upload, { file: jpeg.toString('base64') })).status).toBe(401);

    const other = await makeShopper(t);
    const { order: othersOrder, lineIds: othersLines } = await placedOrder(other, 1);
    const stolen = await addReview(other, othersOrder.id, [review(othersLines[0] as number, { images: [uploaded.result.url] })]);
    expect(stolen).toMatchObject({ status: 400, msg: ReviewMessages.imageUnknown });

    const { order, lineIds, goodsIds } = await placedOrder(shopper, 1);
    const withPhoto = await addReview(shopper, order.id, [review(lineIds[0] as number, { images: [uploaded.result.url] })]);
    expect(withPhoto.status).toBe(200);
    const page = await injectAs(t, null).get<TGoodsReviews>(`${ReviewPaths.ofGoods}?goods_id=${goodsIds[0]}&with_photos=1`);
    expect(page.result.data[0]?.images).toEqual([uploaded.result.url]);
  });
});

/** A multipart body with one part named `field`, as a browser's FormData sends it. */
function multipart(field: string, bytes: Buffer, type = 'image/jpeg') {
  const boundary = `----shop${Date.now().toString(16)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="photo"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('photos as multipart files', () => {
  it('takes a multipart file like the base64 upload: read from the bytes, resized, no EXIF; refuses what is not a photo', async () => {
    const shopper = await makeShopper(t);
    const jpeg = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#3a3' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Ada' } })
      .toBuffer();
    const send = (field: string, bytes: Buffer, token?: string) => {
      const body = multipart(field, bytes);
      return t.app.inject({
        method: 'POST',
        url: ReviewPaths.uploadFile,
        payload: body.payload,
        headers: { ...body.headers, ...(token ? { 'user-token': token } : {}) },
      });
    };
    const uploaded = await send('file', jpeg, shopper.token);
    expect(uploaded.statusCode).toBe(200);
    const photo = uploaded.json().result as TUploadedPhoto;
    expect(photo).toMatchObject({ width: 1280 });
    const metadata = await sharp(await readFile(join(t.dataDir, photo.url))).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1280 });
    expect(metadata.exif).toBeUndefined();
    // the file's claimed type does not matter: the bytes do
    const svg = await send('file', Buffer.from('<svg onload=alert(1)>'), shopper.token);
    expect(svg.statusCode).toBe(400);
    expect(svg.json().msg).toBe(ReviewMessages.notAPhoto);
    expect((await send('picture', jpeg, shopper.token)).statusCode).toBe(400);
    expect((await send('file', jpeg)).statusCode).toBe(401);
    const json = await injectAs(t, shopper).post(ReviewPaths.uploadFile, { file: 'x' });
    expect(json).toMatchObject({ status: 400, msg: ReviewMessages.notAPhoto });
  });
});

describe('the product page’s reviews', () => {
  it('summarises by stars, filters by stars and photos, sorts by newest or most liked, pages', async () => {
    const { goodsId, skuIds } = await makeGoods(db(), { name: 'Much Reviewed Coat', price_cents: 9_000, stock: 50 });
    const ids: number[] = [];
    for (const rating of [5, 5, 4, 1]) {
      const shopper = await makeShopper(t);
      const addressId = await makeAddress(db(), shopper.id);
      const cartId = await makeCartLine(db(), shopper.id, skuIds[0] as number, 1);
      const placed = await injectAs(t, shopper, {
        headers: {
          'idempotency-key': newKey(),
        },
      }).post<TOrderDetail>('/shop/order/create', { address_id: addressId, cart_ids: [cartId] });
      await db()
        .updateTable('orders')
        .set({ status: OrderStatus.Completed, completed_at: now })
        .where('id', '=', placed.result.id)
        .execute();
      const line = await db()
        .selectFrom('order_items')
        .select('id')
        .where('order_id', '=', placed.result.id)
        .executeTakeFirstOrThrow();
      now += 1000;
      ids.push((await addReview(shopper, placed.result.id, [review(line.id, { rating })])).result.reviews[0]?.id as number);
    }
    const fan = await makeShopper(t);
    await injectAs(t, fan).post(ReviewPaths.like, { id: ids[2] });

    const all = await injectAs(t, null).get<TGoodsReviews>(`${ReviewPaths.ofGoods}?goods_id=${goodsId}&page_size=2`);
    expect(all.result.summary).toEqual({
      average: 3.8,
      count: 4,
      histogram: [
        { rating: 5, count: 2 },
        { rating: 4, count: 1 },
        { rating: 3, count: 0 },
        { rating: 2, count: 0 },
        { rating: 1, count: 1 },
      ],
    });
    expect(all.result.total).toBe(4);
    expect(all.result.data.map((row) => row.id)).toEqual([ids[3], ids[2]]);
    const pageTwo = await injectAs(t, null).get<TGoodsReviews>(`${ReviewPaths.ofGoods}?goods_id=${goodsId}&page_size=2&page=2`);
    expect(pageTwo.result.data.map((row) => row.id)).toEqual([ids[1], ids[0]]);
    const fives = await injectAs(t, null).get<TGoodsReviews>(`${ReviewPaths.ofGoods}?goods_id=${goodsId}&rating=5`);
    expect(fives.result.data.map((row) => row.id)).toEqual([ids[1], ids[0]]);
    const helpful = await injectAs(t, fan).get<TGoodsReviews>(`${ReviewPaths.ofGoods}?goods_id=${goodsId}&sort=helpful`);
    expect(helpful.result.data[0]).toMatchObject({ id: ids[2], likes: 1, liked: 1 });
    expect((await injectAs(t, null).get(`${ReviewPaths.ofGoods}?goods_id=${goodsId}&rating=9`)).status).toBe(400);
  });
});

describe('the shop’s reply', () => {
  it('is written, edited and removed by staff who moderate, audited, and shown under the review on the product page and in MyReviews', async () => {
    const shopper = await makeShopper(t);
    const { order, lineIds, goodsIds } = await placedOrder(shopper, 2);
    const added = await addReview(shopper, order.id, [
      review(lineIds[0] as number),
      review(lineIds[1] as number, { content: 'Write to me at ada@example.com' }),
    ]);
    const [publishedId, pendingId] = added.result.reviews.map((row) => row.id) as [number, number];
    const onPage = async () =>
      (await injectAs(t, null).get<TGoodsReviews>(`${ReviewPaths.ofGoods}?goods_id=${goodsIds[0]}`)).result.data.find(
        (row) => row.id === publishedId,
      );
    expect((await onPage())?.reply).toBeNull();
    const replyRows = () =>
      db()
        .selectFrom('audit_log')
        .select(['action', 'before_json', 'after_json'])
        .where('object_type', '=', 'review')
        .where('object_id', '=', String(publishedId))
        .orderBy('id')
        .execute();

    // refused: wrong permission, bad input, a review not published, a review that does not exist
    expect((await injectAs(t, csr).post(ReviewPaths.adminReply, { id: publishedId, content: 'Thank you!' })).status).toBe(403);
    expect((await injectAs(t, null).post(ReviewPaths.adminReply, { id: publishedId, content: 'Thank you!' })).status).toBe(401);
    const tooLong = await injectAs(t, admin).post(ReviewPaths.adminReply, {
      id: publishedId,
      content: 'x'.repeat(REVIEW_REPLY_MAX + 1),
    });
    expect(tooLong).toMatchObject({ status: 400, msg: ReviewMessages.replyTooLong });
    expect(await injectAs(t, admin).post(ReviewPaths.adminReply, { id: publishedId, content: 42 })).toMatchObject({
      status: 400,
      msg: ReviewMessages.replyContent,
    });
    expect((await injectAs(t, admin).post(ReviewPaths.adminReply, { id: 0, content: 'Thanks' })).status).toBe(400);
    expect(await injectAs(t, admin).post(ReviewPaths.adminReply, { id: pendingId, content: 'Thanks' })).toMatchObject({
      status: 400,
      msg: ReviewMessages.replyNotPublished,
    });
    expect((await injectAs(t, admin).post(ReviewPaths.adminReply, { id: 2_000_000_000, content: 'Thanks' })).status).toBe(404);
    expect(await replyRows()).toEqual([]);
    expect((await onPage())?.reply).toBeNull();

    // written (cleaned and trimmed), shown on the product page, in MyReviews and in the office
    now += 1000;
    const written = await injectAs(t, admin).post<TAdminReview>(ReviewPaths.adminReply, {
      id: publishedId,
      content: `  Thank you, Ada!\u0000 Enjoy the dress.  `,
    });
    expect(written).toMatchObject({ status: 200, msg: ReviewMessages.replied });
    const reply = { content: 'Thank you, Ada! Enjoy the dress.', replied_at: now };
    expect(written.result.reply).toEqual(reply);
    expect((await onPage())?.reply).toEqual(reply);
    const mine = await injectAs(t, shopper).get<TMyReviews>(ReviewPaths.mine);
    expect(mine.result.reviews.find((row) => row.id === publishedId)?.reply).toEqual(reply);
    const office = await injectAs(t, admin).get<{ data: TAdminReview[] }>(
      `${ReviewPaths.adminList}?status=published&page_size=50`,
    );
    expect(office.result.data.find((row) => row.id === publishedId)?.reply).toEqual(reply);

    // edited, then the same text again changes nothing
    now += 1000;
    const edited = await injectAs(t, admin).post<TAdminReview>(ReviewPaths.adminReply, {
      id: publishedId,
      content: 'Thank you!',
    });
    expect(edited.result.reply).toEqual({ content: 'Thank you!', replied_at: now });
    expect((await injectAs(t, admin).post(ReviewPaths.adminReply, { id: publishedId, content: 'Thank you!' })).status).toBe(200);

    // removed with empty content
    const removed = await injectAs(t, admin).post<TAdminReview>(ReviewPaths.adminReply, { id: publishedId, content: '   ' });
    expect(removed).toMatchObject({ status: 200, msg: ReviewMessages.replyRemoved });
    expect(removed.result.reply).toBeNull();
    expect((await onPage())?.reply).toBeNull();

    expect(await replyRows()).toEqual([
      {
        action: 'review.reply',
        before_json: JSON.stringify({ reply: null }),
        after_json: JSON.stringify({ reply: reply.content }),
      },
      {
        action: 'review.reply',
        before_json: JSON.stringify({ reply: reply.content }),
        after_json: JSON.stringify({ reply: 'Thank you!' }),
      },
      {
        action: 'review.reply_remove',
        before_json: JSON.stringify({ reply: 'Thank you!' }),
        after_json: JSON.stringify({ reply: null }),
      },
    ]);
  });
});

describe('MyReviews', () => {
  it('lists the reviews written and the delivered lines still waiting; only the shopper’s own', async () => {
    const shopper = await makeShopper(t);
    const { order, lineIds } = await placedOrder(shopper, 2);
    await placedOrder(shopper, 1, false);
    await addReview(shopper, order.id, [review(lineIds[0] as number)]);
    const mine = await injectAs(t, shopper).get<TMyReviews>(ReviewPaths.mine);
    expect(mine.result.reviews.map((row) => row.order_item_id)).toEqual([lineIds[0]]);
    expect(mine.result.waiting.map((row) => row.order_item_id)).toEqual([lineIds[1]]);
    const stranger = await makeShopper(t);
    const theirs = await injectAs(t, stranger).get<TMyReviews>(ReviewPaths.mine);
    expect(theirs.result).toEqual({ reviews: [], waiting: [] });
  });
});
