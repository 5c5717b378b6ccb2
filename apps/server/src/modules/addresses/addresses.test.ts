import { ADDRESS_MAX_PER_SHOPPER, AddressMessages, type TAddress, type TAddressList } from '@shop/contracts/address';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../db/errors';
import { buildUser, DEMO_ACCOUNTS } from '../../seed/accounts';
import { seedAddresses } from '../../seed/addresses';
import { makeShopper, type Shopper } from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';

let t: TestApp;
let now = 1_700_000_000_000;
// every call moves time on, so "newest" is never a tie
const clock = () => (now += 1_000);

appPerFile(
  (made) => {
    t = made;
  },
  { clock },
);

const address = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '+12025550143',
  country: 'US',
  state: 'CA',
  city: 'San Francisco',
  address1: '1 Market St',
  address2: '',
  postcode: '94105',
  is_default: 0,
  ...overrides,
});

const list = async (who: Shopper) => (await injectAs(t, who).get<TAddressList>('/shop/userAddress')).result;
async function add(who: Shopper, overrides: Record<string, unknown> = {}): Promise<TAddress> {
  const answer = await injectAs(t, who).post<TAddress>('/shop/userAddress/add', address(overrides));
  expect(answer.status, answer.response.body).toBe(200);
  return answer.result;
}
const defaults = async (who: Shopper) =>
  (await list(who)).data.filter((entry) => entry.is_default === 1).map((entry) => entry.id);
const rowsOf = (userId: number) =>
  t.database.db.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('the address book', () => {
  it('asks for a sign-in on every address call', async () => {
    for (const answer of [
      await injectAs(t, null).get('/shop/userAddress'),
      await injectAs(t, null).get('/shop/userAddress/detail?id=1'),
      await injectAs(t, null).post('/shop/userAddress/add', address()),
      await injectAs(t, null).post('/shop/userAddress/edit', { ...address(), id: 1 }),
      await injectAs(t, null).post('/shop/userAddress/delete', { id: 1 }),
      await injectAs(t, null).post('/shop/user_address/setDefault', { id: 1 }),
    ]) {
      expect(answer.status).toBe(401);
    }
  });

  it('adds an address, answers its id, and stores it in the canonical form', async () => {
    const me = await makeShopper(t);
    const saved = await injectAs(t, me).post<TAddress>(
      '/shop/userAddress/add',
      address({ state: 'ca', postcode: '941051234', country: 'us' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.msg).toBe(AddressMessages.added);
    expect(saved.result.id).toBeGreaterThan(0);
    expect(saved.result).toMatchObject({
      first_name: 'Ada',
      phone: '+12025550143',
      country: 'US',
      country_name: 'United States',
      state: 'California',
      postcode: '94105-1234',
      address2: '',
    });
    const detail = await injectAs(t, me).get<TAddress>(`/shop/userAddress/detail?id=${saved.result.id}`);
    expect(detail.result).toEqual(saved.result);
  });

  it('makes the first address the default even when not asked to', async () => {
    const me = await makeShopper(t);
    const first = await add(me, { is_default: 0 });
    expect(first.is_default).toBe(1);
    const second = await add(me, { is_default: 0, city: 'Oakland' });
    expect(second.is_default).toBe(0);
    expect(await defaults(me)).toEqual([first.id]);
  });

  it('lists the default first, then the newest first', async () => {
    const me = await makeShopper(t);
    const first = await add(me);
    const second = await add(me, { city: 'Oakland' });
    const third = await add(me, { city: 'Berkeley' });
    const { data, total } = await list(me);
    expect(total).toBe(3);
    expect(data.map((entry) => entry.id)).toEqual([first.id, third.id, second.id]);
  });

  it('moves the default to a new address saved as default, keeping exactly one', async () => {
    const me = await makeShopper(t);
    const first = await add(me);
    const second = await add(me, { is_default: 1, city: 'Oakland' });
    expect(second.is_default).toBe(1);
    expect(await defaults(me)).toEqual([second.id]);
    expect((await list(me)).data[0]?.id).toBe(second.id);
    expect((await injectAs(t, me).get<TAddress>(`/shop/userAddress/detail?id=${first.id}`)).result.is_default).toBe(0);
  });

  it('sets another address as the default', async () => {
    const me = await makeShopper(t);
    const first = await add(me);
    const second = await add(me, { city: 'Oakland' });
    const answer = await injectAs(t, me).post<TAddress>('/shop/user_address/setDefault', { id: second.id });
    expect(answer.status).toBe(200);
    expect(answer).toMatchObject({ msg: AddressMessages.defaultSet, result: { id: second.id, is_default: 1 } });
    expect(await defaults(me)).toEqual([second.id]);
    // setting the default again changes nothing
    expect((await injectAs(t, me).post('/shop/user_address/setDefault', { id: second.id })).status).toBe(200);
    expect(await defaults(me)).toEqual([second.id]);
    expect(first.id).not.toBe(second.id);
  });

  it('edits an address, checking it like a new one', async () => {
    const me = await makeShopper(t);
    const saved = await add(me);
    const answer = await injectAs(t, me).post<TAddress>('/shop/userAddress/edit', {
      ...address({ country: 'GB', state: '', city: 'London', postcode: 'sw1a2aa', phone: '+447400123456' }),
      id: saved.id,
    });
    expect(answer.status).toBe(200);
    expect(answer).toMatchObject({
      msg: AddressMessages.saved,
      result: { id: saved.id, country: 'GB', state: '', postcode: 'SW1A 2AA', phone: '+447400123456', is_default: 1 },
    });
    const refused = await injectAs(t, me).post('/shop/userAddress/edit', { ...address({ postcode: 'nope' }), id: saved.id });
    expect(refused.status).toBe(400);
    expect(refused.result).toEqual({ fields: { postcode: 'Please enter a valid ZIP code, e.g. 94105 or 94105-1234' } });
    expect((await injectAs(t, me).get<TAddress>(`/shop/userAddress/detail?id=${saved.id}`)).result.postcode).toBe('SW1A 2AA');
  });

  it('keeps the default when an edit unticks it, and moves it when an edit ticks another', async () => {
    const me = await makeShopper(t);
    const first = await add(me);
    const second = await add(me, { city: 'Oakland' });
    await injectAs(t, me).post('/shop/userAddress/edit', { ...address({ is_default: 0 }), id: first.id });
    expect(await defaults(me)).toEqual([first.id]);
    await injectAs(t, me).post('/shop/userAddress/edit', { ...address({ is_default: 1, city: 'Oakland' }), id: second.id });
    expect(await defaults(me)).toEqual([second.id]);
  });

  it('promotes the newest address left when the default is deleted', async () => {
    const me = await makeShopper(t);
    const first = await add(me);
    const second = await add(me, { city: 'Oakland' });
    const third = await add(me, { city: 'Berkeley' });
    await injectAs(t, me).post('/shop/user_address/setDefault', { id: second.id });
    const answer = await injectAs(t, me).post('/shop/userAddress/delete', { id: second.id });
    expect(answer.status).toBe(200);
    expect(answer).toMatchObject({ msg: AddressMessages.deleted, result: null });
    expect(await defaults(me)).toEqual([third.id]);
    await injectAs(t, me).post('/shop/userAddress/delete', { id: first.id });
    expect(await defaults(me)).toEqual([third.id]);
    await injectAs(t, me).post('/shop/userAddress/delete', { id: third.id });
    expect(await list(me)).toEqual({ data: [], total: 0 });
    // an address saved after the book was emptied is the default again
    expect((await add(me)).is_default).toBe(1);
  });

  it(`keeps at most ${ADDRESS_MAX_PER_SHOPPER} addresses per shopper, with a clear message`, async () => {
    const me = await makeShopper(t);
    for (let at = 0; at < ADDRESS_MAX_PER_SHOPPER; at += 1) await add(me, { address2: `Unit ${at}` });
    const refused = await injectAs(t, me).post('/shop/userAddress/add', address());
    expect(refused.status).toBe(400);
    expect(refused).toMatchObject({ code: 400, msg: AddressMessages.tooMany });
    expect((await rowsOf(me.id)).length).toBe(ADDRESS_MAX_PER_SHOPPER);
  });

  it('refuses bad input with the field’s message and saves nothing', async () => {
    const me = await makeShopper(t);
    const answer = await injectAs(t, me).post(
      '/shop/userAddress/add',
      address({ postcode: '12', state: '', phone: '+1 202', city: '' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.result).toEqual({
      fields: {
        phone: 'Invalid phone number',
        city: AddressMessages.cityRequired,
        state: 'Please select a state',
        postcode: 'Please enter a valid ZIP code, e.g. 94105 or 94105-1234',
      },
    });
    for (const payload of [null, [], { ...address(), country: 42 }, { ...address(), address1: 'x'.repeat(5000) }]) {
      const bad = await injectAs(t, me).post('/shop/userAddress/add', payload);
      expect(bad.status, JSON.stringify(payload)).toBe(400);
    }
    // not JSON at all
    expect((await injectAs(t, me).post('/shop/userAddress/add', 'first_name=Ada')).status).toBe(415);
    for (const url of ['/shop/userAddress/detail', '/shop/userAddress/detail?id=abc', '/shop/userAddress/detail?id=-3']) {
      expect((await injectAs(t, me).get(url)).status, url).toBe(400);
    }
    expect(await rowsOf(me.id)).toEqual([]);
  });
});

describe('another shopper’s address', () => {
  it('answers 404 with no data to every call, and changes nothing', async () => {
    const owner = await makeShopper(t);
    const other = await makeShopper(t);
    const mine = await add(owner);
    await add(owner, { city: 'Oakland' });
    const before = await rowsOf(owner.id);

    const answers = [
      await injectAs(t, other).get(`/shop/userAddress/detail?id=${mine.id}`),
      await injectAs(t, other).post('/shop/userAddress/edit', { ...address({ city: 'Stolen' }), id: mine.id }),
      await injectAs(t, other).post('/shop/userAddress/delete', { id: mine.id }),
      await injectAs(t, other).post('/shop/user_address/setDefault', { id: mine.id }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer).toEqual({ status: 404, code: 404, msg: AddressMessages.notFound, result: null });
    }
    expect(await list(other)).toEqual({ data: [], total: 0 });
    expect(await rowsOf(owner.id)).toEqual(before);
  });

  it('answers 404 for an id that does not exist', async () => {
    const me = await makeShopper(t);
    expect((await injectAs(t, me).get('/shop/userAddress/detail?id=999999')).status).toBe(404);
    expect((await injectAs(t, me).post('/shop/user_address/setDefault', { id: 999999 })).status).toBe(404);
  });
});

describe('under concurrency', () => {
  it('gives a new shopper exactly one default when several addresses arrive at once', async () => {
    const me = await makeShopper(t);
    await Promise.all(Array.from({ length: 8 }, (_, at) => add(me, { address2: `Unit ${at}` })));
    const rows = await rowsOf(me.id);
    expect(rows).toHaveLength(8);
    expect(rows.filter((row) => row.is_default === 1)).toHaveLength(1);
  });

  it('keeps exactly one default when several are chosen at once', async () => {
    const me = await makeShopper(t);
    const saved = [];
    for (let at = 0; at < 6; at += 1) saved.push(await add(me, { address2: `Unit ${at}` }));
    const answers = await Promise.all(
      saved.map((entry) => injectAs(t, me).post('/shop/user_address/setDefault', { id: entry.id })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(saved.map(() => 200));
    expect(await defaults(me)).toHaveLength(1);
  });

  it('never passes the limit when adds race', async () => {
    const me = await makeShopper(t);
    for (let at = 0; at < ADDRESS_MAX_PER_SHOPPER - 2; at += 1) await add(me, { address2: `Unit ${at}` });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, at) => injectAs(t, me).post('/shop/userAddress/add', address({ address2: `Race ${at}` }))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(4);
    expect((await rowsOf(me.id)).length).toBe(ADDRESS_MAX_PER_SHOPPER);
  });

  it('has the database refuse a second default, whatever the code does', async () => {
    const me = await makeShopper(t);
    const saved = await add(me);
    const second = await add(me, { city: 'Oakland' });
    const error = await t.database.db
      .updateTable('addresses')
      .set({ is_default: 1 })
      .where('id', '=', second.id)
      .execute()
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect(await defaults(me)).toEqual([saved.id]);
  });
});

describe('the demo address book', () => {
  it('gives the demo shopper a default address and a second one, stored as the API stores them', async () => {
    const user = await buildUser(t.database.db, { email: DEMO_ACCOUNTS.shopper.email });
    await seedAddresses(t.database.db);
    const session = await t.app.services.auth.startSession('user', user.id, { userAgent: 'address test', ip: '127.0.0.1' });
    const { data } = await list({ id: user.id, token: session.token });
    expect(data.map((entry) => [entry.city, entry.state, entry.postcode, entry.is_default])).toEqual([
      ['Denver', 'Colorado', '80202', 1],
      ['London', 'England', 'NW1 6XE', 0],
    ]);
  });
});
