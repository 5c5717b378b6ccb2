import type { TTokenPair } from '@shop/contracts/auth';
import {
  KB_QUESTION_MAX_LENGTH,
  KB_QUESTIONS_MAX,
  QUICK_REPLY_CONTENT_MAX_LENGTH,
  SupportTexts,
  type TKbEntry,
  type TQuickReply,
  type TSupportList,
} from '@shop/contracts/chat-support';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildStaff } from '../../modules/staff/service';
import { buildUser } from '../../seed/accounts';
import { createTestApp, injectAs, type Principal, type TestApp } from '../../testing/harness';

let t: TestApp;
const tokens = { admin: '', agentA: '', agentB: '', shopper: '' };
const ids = { admin: 0, agentA: 0, agentB: 0 };

async function staffToken(email: string, password: string) {
  return (await injectAs(t, null).post<TTokenPair>('/admin/login', { username: email, password })).result.token;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  ids.admin = await buildStaff(db, { email: 'kb-admin@example.com', password: 'Admin1234', nickname: 'Admin', role: 'admin' });
  ids.agentA = await buildStaff(db, { email: 'kb-a@example.com', password: 'Agent1234', nickname: 'Alice', role: 'csr' });
  ids.agentB = await buildStaff(db, { email: 'kb-b@example.com', password: 'Agent1234', nickname: 'Ben', role: 'csr' });
  tokens.admin = await staffToken('kb-admin@example.com', 'Admin1234');
  tokens.agentA = await staffToken('kb-a@example.com', 'Agent1234');
  tokens.agentB = await staffToken('kb-b@example.com', 'Agent1234');
  const shopper = await buildUser(db);
  const login = await injectAs(t, null).post<TTokenPair>('/shop/login/password', {
    username: shopper.email,
    password: shopper.password,
  });
  tokens.shopper = login.result.token;
});
// each test starts with no quick replies and an empty knowledge base, whatever an earlier one stored
beforeEach(async () => {
  await t.database.db.deleteFrom('chat_quick_replies').execute();
  await t.database.db.deleteFrom('chat_kb_entries').execute();
  t.app.services.supportContent.forgetKnowledge();
});
afterAll(async () => {
  await t?.close();
});

type Who = keyof typeof tokens;
/** Requests as one of the test's staff members (or its shopper). */
const as = (who: Who) => injectAs(t, tokens[who]);

const quickReplies = async (who: Who, query = '') =>
  (await as(who).get<TSupportList<TQuickReply>>(`/admin/kefu/quickReply/list${query}`)).result;
const addQuickReply = async (who: Who, payload: Record<string, unknown>) => {
  const answer = await as(who).post<TQuickReply>('/admin/kefu/quickReply/add', payload);
  expect(answer.status).toBe(200);
  return answer.result;
};
const countRows = async (table: 'chat_quick_replies' | 'chat_kb_entries') => {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
const addKb = async (payload: Record<string, unknown>) => {
  const answer = await as('admin').post<TKbEntry>('/admin/kefu/kbs/add', payload);
  expect(answer.status).toBe(200);
  return answer.result;
};

describe('quick replies', () => {
  it("lists an agent's own replies and the shared ones, by sort then id, never another agent's", async () => {
    const own = await addQuickReply('agentA', { content: 'Hi! How can I help?' });
    expect(own).toMatchObject({ title: '', content: 'Hi! How can I help?', sort: 0, shared: false });
    const first = await addQuickReply('agentA', { title: 'Thanks', content: 'Thank you for waiting.', sort: -5 });
    const bOwn = await addQuickReply('agentB', { content: 'Ben here.' });
    const shared = await addQuickReply('admin', { title: 'Returns', content: 'Returns are free within 30 days.', shared: true });
    expect(shared.shared).toBe(true);

    const listA = await quickReplies('agentA');
    expect(listA.data.map((reply) => reply.id)).toEqual([first.id, own.id, shared.id]);
    expect(listA.total).toBe(3);
    expect(listA.data.map((reply) => reply.id)).not.toContain(bOwn.id);

    const listB = await quickReplies('agentB');
    expect(listB.data.map((reply) => reply.id)).toEqual([bOwn.id, shared.id]);

    const picker = await t.app.services.supportContent.listQuickRepliesFor(ids.agentB);
    expect(picker).toEqual(listB.data);
    expect(picker[0]).not.toHaveProperty('staff_id');
  });

  it('pages the list and counts them all', async () => {
    for (let i = 0; i < 3; i += 1) await addQuickReply('agentB', { content: `Paged ${i}`, sort: 100 + i });
    const all = await quickReplies('agentB');
    const second = await quickReplies('agentB', '?page=2&page_size=2');
    expect(second.total).toBe(all.total);
    expect(second.data).toEqual(all.data.slice(2, 4));
  });

  it('lets only administrators share a reply', async () => {
    const before = await countRows('chat_quick_replies');
    const response = await as('agentA').post('/admin/kefu/quickReply/add', { content: 'For everyone', shared: true });
    expect(response.status).toBe(403);
    expect(response.msg).toBe(SupportTexts.onlyAdminsShare);
    expect(await countRows('chat_quick_replies')).toBe(before);

    const own = await addQuickReply('agentA', { content: 'Mine' });
    const share = await as('agentA').post('/admin/kefu/quickReply/edit', { id: own.id, shared: true });
    expect(share.status).toBe(403);
    expect((await quickReplies('agentB')).data.map((reply) => reply.id)).not.toContain(own.id);
  });

  it('lets an agent edit only the fields given of their own reply', async () => {
    const reply = await addQuickReply('agentA', { title: 'Greeting', content: 'Hello', sort: 3 });
    const response = await as('agentA').post<TQuickReply>('/admin/kefu/quickReply/edit', {
      id: reply.id,
      content: 'Hello there!',
    });
    expect(response.status).toBe(200);
    const edited = response.result;
    expect(edited).toMatchObject({ id: reply.id, title: 'Greeting', content: 'Hello there!', sort: 3, shared: false });
    expect(edited.created_at).toBe(reply.created_at);
  });

  it("hides another agent's reply: editing or deleting it is not found, and it stays as it was", async () => {
    const reply = await addQuickReply('agentA', { content: 'Private note' });
    for (const who of ['agentB', 'admin'] as const) {
      const edit = await as(who).post('/admin/kefu/quickReply/edit', { id: reply.id, content: 'Hijacked' });
      expect(edit.status).toBe(404);
      expect(edit.msg).toBe(SupportTexts.quickReplyNotFound);
      const remove = await as(who).post('/admin/kefu/quickReply/delete', { id: reply.id });
      expect(remove.status).toBe(404);
    }
    const unknown = await as('agentB').post('/admin/kefu/quickReply/delete', { id: 999_999 });
    expect(unknown).toEqual(await as('agentB').post('/admin/kefu/quickReply/delete', { id: reply.id }));
    const row = await t.database.db.selectFrom('chat_quick_replies').selectAll().where('id', '=', reply.id).executeTakeFirst();
    expect(row?.content).toBe('Private note');
  });

  it('lets administrators, and only them, change and delete shared replies', async () => {
    const shared = await addQuickReply('admin', { content: 'Shared answer', shared: true });
    const byAgent = await as('agentA').post('/admin/kefu/quickReply/edit', { id: shared.id, content: 'Changed by agent' });
    expect(byAgent.status).toBe(403);
    expect(byAgent.msg).toBe(SupportTexts.onlyAdminsEditShared);
    expect((await as('agentA').post('/admin/kefu/quickReply/delete', { id: shared.id })).status).toBe(403);

    const byAdmin = await as('admin').post<TQuickReply>('/admin/kefu/quickReply/edit', {
      id: shared.id,
      title: 'Policy',
      sort: -1,
    });
    expect(byAdmin.result).toMatchObject({
      title: 'Policy',
      content: 'Shared answer',
      sort: -1,
      shared: true,
    });
    expect((await quickReplies('agentB')).data[0]?.id).toBe(shared.id);

    const removed = await as('admin').post('/admin/kefu/quickReply/delete', { id: shared.id });
    expect(removed).toEqual({ status: 200, code: 200, msg: SupportTexts.deleted, result: null });
    expect((await quickReplies('agentA')).data.map((reply) => reply.id)).not.toContain(shared.id);
  });

  it('lets an administrator take a shared reply back as their own', async () => {
    const shared = await addQuickReply('admin', { content: 'Was shared', shared: true });
    const edit = await as('admin').post<TQuickReply>('/admin/kefu/quickReply/edit', { id: shared.id, shared: false });
    expect(edit.result.shared).toBe(false);
    expect((await quickReplies('agentA')).data.map((reply) => reply.id)).not.toContain(shared.id);
    expect((await quickReplies('admin')).data.map((reply) => reply.id)).toContain(shared.id);
  });

  it('lets an agent delete their own reply', async () => {
    const reply = await addQuickReply('agentB', { content: 'Short-lived' });
    const response = await as('agentB').post('/admin/kefu/quickReply/delete', { id: reply.id });
    expect(response.status).toBe(200);
    expect((await quickReplies('agentB')).data.map((item) => item.id)).not.toContain(reply.id);
    expect((await as('agentB').post('/admin/kefu/quickReply/delete', { id: reply.id })).status).toBe(404);
  });

  it.each([
    [{}, 'content', SupportTexts.replyRequired],
    [{ content: '' }, 'content', SupportTexts.replyRequired],
    [{ content: '   \n ' }, 'content', SupportTexts.replyRequired],
    [{ content: 42 }, 'content', SupportTexts.replyRequired],
    [{ content: 'x'.repeat(QUICK_REPLY_CONTENT_MAX_LENGTH + 1) }, 'content', SupportTexts.replyTooLong],
    [{ content: 'ok', title: 't'.repeat(101) }, 'title', SupportTexts.titleTooLong],
    [{ content: 'ok', sort: 1.5 }, 'sort', SupportTexts.sortInvalid],
    [{ content: 'ok', sort: 10_000_000 }, 'sort', SupportTexts.sortInvalid],
    [{ content: 'ok', shared: 'yes' }, 'shared', SupportTexts.sharedInvalid],
  ])('refuses a quick reply %j with its field message, storing nothing', async (payload, field, message) => {
    const before = await countRows('chat_quick_replies');
    const response = await as('admin').post('/admin/kefu/quickReply/add', payload);
    expect(response.status).toBe(400);
    expect(response).toMatchObject({ code: 400, msg: message, result: { fields: { [field]: message } } });
    expect(await countRows('chat_quick_replies')).toBe(before);
  });

  it('refuses a bad id, an empty edit content and bad paging', async () => {
    const reply = await addQuickReply('agentA', { content: 'Stays' });
    for (const id of [0, -1, 1.5, '7', null, 3_000_000_000]) {
      const response = await as('agentA').post('/admin/kefu/quickReply/edit', { id, content: 'x' });
      expect(response.status).toBe(400);
      expect(response.msg).toBe(SupportTexts.idInvalid);
    }
    const empty = await as('agentA').post('/admin/kefu/quickReply/edit', { id: reply.id, content: ' ' });
    expect(empty.msg).toBe(SupportTexts.replyRequired);
    expect((await quickReplies('agentA')).data.find((item) => item.id === reply.id)?.content).toBe('Stays');

    expect((await as('agentA').get('/admin/kefu/quickReply/list?page=0')).msg).toBe(SupportTexts.pageInvalid);
    expect((await as('agentA').get('/admin/kefu/quickReply/list?page=abc')).msg).toBe(SupportTexts.pageInvalid);
    expect((await as('agentA').get('/admin/kefu/quickReply/list?page_size=101')).msg).toBe(SupportTexts.pageSizeInvalid);
  });
});

describe('quick reply search', () => {
  it("finds the caller's own and the shared replies by title or text, any case, % taken literally; never another agent's", async () => {
    const own = await addQuickReply('agentA', { title: 'Refund window', content: 'Refunds take 5 days' });
    const shared = await addQuickReply('admin', { title: 'Sizes', content: 'Our REFUND policy: 100% back', shared: true });
    await addQuickReply('agentB', { title: 'Refund (Ben)', content: 'Ben only' });
    const found = await quickReplies('agentA', '?keyword=refund');
    expect(found.data.map((item) => item.id).sort()).toEqual([own.id, shared.id].sort());
    expect(found.total).toBe(2);
    expect((await quickReplies('agentA', '?keyword=100%25')).data.map((item) => item.id)).toEqual([shared.id]);
    expect((await quickReplies('agentA', '?keyword=%25%25')).total).toBe(0);
    const tooLong = await as('agentA').get(`/admin/kefu/quickReply/list?keyword=${'k'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.msg).toBe(SupportTexts.keywordTooLong);
  });
});

describe('knowledge base', () => {
  it('lets an administrator add an entry, enabled by default, its variants cleaned', async () => {
    const entry = await addKb({
      questions: ['  Can I exchange a dress?  ', 'exchange\npolicy', 'CAN I EXCHANGE A DRESS?'],
      answer: 'Exchanges are free within **30 days**.',
    });
    expect(entry).toMatchObject({
      questions: ['Can I exchange a dress?', 'exchange policy'],
      answer: 'Exchanges are free within **30 days**.',
      enabled: true,
    });
  });

  it('refuses knowledge-base writes by agents, changing nothing', async () => {
    const entry = await addKb({ questions: ['Do you ship abroad?'], answer: 'Yes, worldwide.' });
    const before = await countRows('chat_kb_entries');
    const attempts = [
      await as('agentA').post('/admin/kefu/kbs/add', { questions: ['q?'], answer: 'a' }),
      await as('agentA').post('/admin/kefu/kbs/edit', { id: entry.id, answer: 'No.' }),
      await as('agentA').post('/admin/kefu/kbs/delete', { id: entry.id }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect(response.msg).toBe(SupportTexts.onlyAdminsEditKb);
    }
    expect(await countRows('chat_kb_entries')).toBe(before);
    const stored = await t.database.db.selectFrom('chat_kb_entries').selectAll().where('id', '=', entry.id).executeTakeFirst();
    expect(stored?.answer).toBe('Yes, worldwide.');
  });

  it('lists entries to any staff, newest first, searched case-insensitively in questions and answers', async () => {
    const older = await addKb({ questions: ['What sizes do you carry?'], answer: 'From XS to XXL.' });
    const newer = await addKb({ questions: ['Is there a size guide?'], answer: 'See the 100% accurate SIZE chart.' });
    const all = (await as('agentB').get<TSupportList<TKbEntry>>('/admin/kefu/kbs/list')).result;
    expect(all.data[0]?.id).toBe(newer.id);
    expect(all.total).toBe(await countRows('chat_kb_entries'));

    const bySize = (await as('agentB').get<TSupportList<TKbEntry>>('/admin/kefu/kbs/list?keyword=SiZe')).result;
    expect(bySize.data.map((entry) => entry.id)).toEqual([newer.id, older.id]);
    expect(bySize.total).toBe(2);
    const byPercent = (await as('agentB').get<TSupportList<TKbEntry>>('/admin/kefu/kbs/list?keyword=100%25')).result;
    expect(byPercent.data.map((entry) => entry.id)).toEqual([newer.id]);
    const literalPercent = (await as('agentB').get<TSupportList<TKbEntry>>('/admin/kefu/kbs/list?keyword=%25')).result;
    expect(literalPercent.data.map((entry) => entry.id)).toEqual([newer.id]);
    const underscore = (await as('agentB').get<TSupportList<TKbEntry>>('/admin/kefu/kbs/list?keyword=_')).result;
    expect(underscore.total).toBe(0);

    const viaGateway = await t.app.services.supportContent.listKnowledge({ page: 1, page_size: 1, keyword: 'size' });
    expect(viaGateway).toEqual({ data: [bySize.data[0]], total: 2 });
  });

  it('edits only the fields given and deletes', async () => {
    const entry = await addKb({ questions: ['Can I pay with PayPal?'], answer: 'Yes.' });
    const edit = await as('admin').post<TKbEntry>('/admin/kefu/kbs/edit', { id: entry.id, enabled: false });
    expect(edit.result).toMatchObject({ questions: ['Can I pay with PayPal?'], answer: 'Yes.', enabled: false });
    const again = await as('admin').post<TKbEntry>('/admin/kefu/kbs/edit', {
      id: entry.id,
      questions: ['PayPal?', 'Do you take PayPal'],
    });
    expect(again.result).toMatchObject({ questions: ['PayPal?', 'Do you take PayPal'], enabled: false });

    const removed = await as('admin').post('/admin/kefu/kbs/delete', { id: entry.id });
    expect(removed).toEqual({ status: 200, code: 200, msg: SupportTexts.deleted, result: null });
    const gone = await as('admin').post('/admin/kefu/kbs/edit', { id: entry.id, answer: 'x' });
    expect(gone.status).toBe(404);
    expect(gone.msg).toBe(SupportTexts.kbEntryNotFound);
    expect((await as('admin').post('/admin/kefu/kbs/delete', { id: entry.id })).status).toBe(404);
  });

  it.each([
    [{ answer: 'a' }, 'questions', SupportTexts.questionsRequired],
    [{ questions: [], answer: 'a' }, 'questions', SupportTexts.questionsRequired],
    [{ questions: 'where?', answer: 'a' }, 'questions', SupportTexts.questionsRequired],
    [
      { questions: Array.from({ length: KB_QUESTIONS_MAX + 1 }, (_, i) => `q${i}`), answer: 'a' },
      'questions',
      SupportTexts.questionsTooMany,
    ],
    [{ questions: ['ok', '  '], answer: 'a' }, 'questions.1', SupportTexts.questionRequired],
    [{ questions: [7], answer: 'a' }, 'questions.0', SupportTexts.questionRequired],
    [{ questions: ['q'.repeat(KB_QUESTION_MAX_LENGTH + 1)], answer: 'a' }, 'questions.0', SupportTexts.questionTooLong],
    [{ questions: ['q?'] }, 'answer', SupportTexts.answerRequired],
    [{ questions: ['q?'], answer: ' ' }, 'answer', SupportTexts.answerRequired],
    [{ questions: ['q?'], answer: 'a'.repeat(5001) }, 'answer', SupportTexts.answerTooLong],
    [{ questions: ['q?'], answer: 'a', enabled: 1 }, 'enabled', SupportTexts.enabledInvalid],
  ])('refuses an entry %j with its field message, storing nothing', async (payload, field, message) => {
    const before = await countRows('chat_kb_entries');
    const response = await as('admin').post('/admin/kefu/kbs/add', payload);
    expect(response.status).toBe(400);
    expect(response).toMatchObject({ code: 400, msg: message, result: { fields: { [field]: message } } });
    expect(await countRows('chat_kb_entries')).toBe(before);
  });

  it('accepts exactly 20 variants of 200 characters', async () => {
    const questions = Array.from({ length: KB_QUESTIONS_MAX }, (_, i) => `${i}`.padEnd(KB_QUESTION_MAX_LENGTH, 'q'));
    const entry = await addKb({ questions, answer: 'a' });
    expect(entry.questions).toEqual(questions);
    const tooLongKeyword = await as('agentA').get(`/admin/kefu/kbs/list?keyword=${'k'.repeat(101)}`);
    expect(tooLongKeyword.msg).toBe(SupportTexts.keywordTooLong);
  });
});

describe('who may call', () => {
  const routes = [
    ['GET', '/admin/kefu/quickReply/list'],
    ['POST', '/admin/kefu/quickReply/add'],
    ['POST', '/admin/kefu/quickReply/edit'],
    ['POST', '/admin/kefu/quickReply/delete'],
    ['GET', '/admin/kefu/kbs/list'],
    ['POST', '/admin/kefu/kbs/add'],
    ['POST', '/admin/kefu/kbs/edit'],
    ['POST', '/admin/kefu/kbs/delete'],
  ] as const;

  it('refuses shoppers and callers without a token (401), before reading the body', async () => {
    const before = [await countRows('chat_quick_replies'), await countRows('chat_kb_entries')];
    for (const [method, url] of routes) {
      const payload = { content: 'x', questions: ['x?'], answer: 'x', id: 1 };
      const call = (who: Principal) => (method === 'POST' ? injectAs(t, who).post(url, payload) : injectAs(t, who).get(url));
      expect((await call(tokens.shopper)).status, url).toBe(401);
      expect((await call(null)).status, url).toBe(401);
    }
    expect([await countRows('chat_quick_replies'), await countRows('chat_kb_entries')]).toEqual(before);
  });

  it('documents every route in the OpenAPI description', async () => {
    const answer = await injectAs(t, null).get('/api-docs/json');
    expect(answer.status).toBe(200);
    const paths = Object.keys((answer.response.json() as { paths: Record<string, unknown> }).paths);
    for (const [, url] of routes) expect(paths).toContain(url);
  });
});

describe('automatic answers', () => {
  it('answers from a stored enabled entry, follows edits at once, and never from a disabled one', async () => {
    const support = t.app.services.supportContent;
    const returns = await addKb({ questions: ['how can I return items', 'return policy'], answer: 'Free returns for 30 days.' });
    const orders = await addKb({ questions: ['where is my order?', 'track my order'], answer: 'See My Orders.' });
    await addKb({ questions: ['what are your opening hours'], answer: 'Always open.', enabled: false });

    expect(await support.autoAnswer('How do I return an item?')).toMatchObject({
      entryId: returns.id,
      answer: 'Free returns for 30 days.',
    });
    const match = await support.autoAnswer('where is my order');
    expect(match).toEqual({ entryId: orders.id, answer: 'See My Orders.', score: 1 });
    expect(await support.autoAnswer('hello')).toBeNull();
    expect(await support.autoAnswer('')).toBeNull();
    expect(await support.autoAnswer('?')).toBeNull();
    expect(await support.autoAnswer('What are your opening hours?')).toBeNull();

    await as('admin').post('/admin/kefu/kbs/edit', { id: orders.id, enabled: false });
    expect(await support.autoAnswer('where is my order')).toBeNull();
    await as('admin').post('/admin/kefu/kbs/edit', { id: orders.id, enabled: true, answer: 'Track it under My Orders.' });
    expect((await support.autoAnswer('where is my order'))?.answer).toBe('Track it under My Orders.');
    await as('admin').post('/admin/kefu/kbs/delete', { id: orders.id });
    expect(await support.autoAnswer('where is my order')).toBeNull();
  });

  it('answers many questions asked at the same moment alike, while the entries load', async () => {
    const support = t.app.services.supportContent;
    await addKb({ questions: ['how can I return items', 'return policy'], answer: 'Free returns for 30 days.' });
    support.forgetKnowledge();
    const answers = await Promise.all(Array.from({ length: 20 }, () => support.autoAnswer('what is your return policy')));
    expect(new Set(answers.map((answer) => answer?.answer))).toEqual(new Set(['Free returns for 30 days.']));
  });
});
