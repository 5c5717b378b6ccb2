// The money path under load (quality bars "add to cart + read cart"): each autocannon connection
// is a signed-in shopper of its own. Used by scripts/bench.mjs while its server runs.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

/** Registers `count` shoppers, each with a delivery address; returns their tokens and address ids. */
export async function makeShoppers(base, count) {
  const shoppers = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-${Date.now()}-${i}@example.com`;
    const registered = await post(base, '/shop/login/register', null, {
      first_name: 'Bench',
      last_name: `Shopper${i}`,
      mobile: '+12025550143',
      code: '1',
      email,
      password: 'Password123',
      passwordConfirm: 'Password123',
      email_type: 1,
      marketing_consent: true,
      terms_accepted: true,
    });
    const token = registered.result.token;
    const address = await post(base, '/shop/userAddress/add', token, {
      first_name: 'Bench',
      last_name: 'Shopper',
      phone: '+12025550143',
      country: 'US',
      state: 'CA',
      city: 'Sacramento',
      address1: '1 Capitol Mall',
      postcode: '95814',
      is_default: 1,
    });
    shoppers.push({ token, addressId: address.result.id });
  }
  return shoppers;
}

export async function post(base, path, token, body, headers = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'user-token': token } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const envelope = await response.json();
  if (envelope.code !== 200) throw new Error(`${path} answered ${JSON.stringify(envelope)}`);
  return envelope;
}

const summary = (r) => ({
  requests_per_s: Math.round(r.requests.average),
  p50_ms: r.latency.p50,
  p99_ms: r.latency.p99,
  errors: r.errors + r.non2xx,
});

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Shoppers lent out per round of requests: autocannon clears a connection's context at the start of
 * each round, so a round takes a free shopper with its first request and gives it back with its
 * last answer. No two rounds in flight ever share a bag.
 */
function shopperPool(shoppers) {
  const free = [...shoppers];
  return {
    of(context) {
      context.shopper ??= free.pop();
      if (!context.shopper) throw new Error('more rounds in flight than bench shoppers');
      return context.shopper;
    },
    giveBack(context) {
      if (context.shopper) free.push(context.shopper);
      context.shopper = undefined;
    },
  };
}

/**
 * add to cart + read cart: each connection adds one unit, reads its cart, then empties it, so the
 * line never outgrows the stock; the bar (p99 ≤ 30 ms) is read over the add and read requests.
 * order creation: add one unit, read the cart for the line's id, then create an order from it
 * with a fresh Idempotency-Key (stock was raised beforehand so that it lasts the run).
 */
export async function commerceBench({ base, sku, connections, durationS, skipOrders = false }) {
  // a few more shoppers than connections, so that a round whose answer never came leaves one behind
  const shoppers = await makeShoppers(base, connections + 10);
  // each run lends from a full pool: the rounds cut off at the end of the previous run kept theirs
  let pool = shopperPool(shoppers);
  const json = { 'content-type': 'application/json' };
  const authed = (context, headers = {}) => ({ ...json, 'user-token': pool.of(context).token, ...headers });
  const giveBack = (_status, _body, context) => pool.giveBack(context);
  const addBody = JSON.stringify({ goods_id: sku.goods_id, sku_id: sku.id, num: 1 });

  const cartRun = await run({
    url: base,
    connections,
    duration: durationS,
    title: 'add_to_cart_and_read',
    requests: [
      {
        method: 'POST',
        path: '/shop/userCart/add',
        setupRequest: (req, context) => ({ ...req, headers: authed(context), body: addBody }),
      },
      {
        method: 'GET',
        path: '/shop/userCart?page=1&page_size=50',
        setupRequest: (req, context) => ({ ...req, headers: authed(context) }),
      },
      {
        method: 'POST',
        path: '/shop/userCart/clear',
        setupRequest: (req, context) => ({ ...req, headers: authed(context), body: '{}' }),
        onResponse: giveBack,
      },
    ],
  });

  pool = shopperPool(shoppers);
  const orderRun = skipOrders
    ? null
    : await run({
        url: base,
        connections,
        duration: durationS,
        title: 'order_create',
        requests: [
          {
            method: 'POST',
            path: '/shop/userCart/add',
            setupRequest: (req, context) => ({ ...req, headers: authed(context), body: addBody }),
          },
          {
            method: 'GET',
            path: '/shop/userCart?page=1&page_size=50',
            setupRequest: (req, context) => ({ ...req, headers: authed(context) }),
            onResponse: (_status, body, context) => {
              try {
                context.cartIds = JSON.parse(body).result.data.map((line) => line.id);
              } catch {
                context.cartIds = [];
              }
            },
          },
          {
            method: 'POST',
            path: '/shop/order/create',
            setupRequest: (req, context) => ({
              ...req,
              headers: authed(context, { 'idempotency-key': randomUUID() }),
              body: JSON.stringify({
                address_id: pool.of(context).addressId,
                cart_ids: context.cartIds ?? [],
                shipping_method: 'standard',
              }),
            }),
            onResponse: giveBack,
          },
        ],
      });

  const cart = summary(cartRun);
  const order = orderRun && summary(orderRun);
  // a cart of one line, for the cart read's bare baseline
  const sample = shoppers[0];
  await post(base, '/shop/userCart/clear', sample.token, {});
  await post(base, '/shop/userCart/add', sample.token, { goods_id: sku.goods_id, sku_id: sku.id, num: 1 });
  return {
    results: {
      add_to_cart_and_read: { shop: cart, bar: { p99_ms: 30, pass: cart.p99_ms <= 30 && cart.errors === 0 } },
      // three requests per created order: add, read, create
      ...(order && { order_create: { shop: order, orders_per_s: Math.round(order.requests_per_s / 3) } }),
    },
    sampleHeaders: { 'user-token': sample.token },
  };
}
