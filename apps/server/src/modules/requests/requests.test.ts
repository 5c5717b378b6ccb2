// Requests from the help pages (decision 0052): the public forms with their files and the e-mail
// code of a wholesale request, and the staff's inbox with its permissions and audit entries.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EmailCodeMessages } from '@shop/contracts/email-codes';
import { HelpRequestMessages, type THelpRequestDetail, type THelpRequestList } from '@shop/contracts/help-requests';
import { beforeEach, describe, expect, it } from 'vitest';
import { JOB } from '../../jobs';
import { makeShopper, makeStaff } from '../../testing/fixtures';
import { appPerFile, body, injectAs, type TestApp } from '../../testing/harness';

let t: TestApp;
const tokens: Record<string, string> = {};
const staffIds: Record<string, number> = {};
let ipCounter = 0;
const newIp = () => `10.33.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let emailCounter = 0;
const newEmail = () => `buyer-${++emailCounter}-${Date.now().toString(36)}@company.example.com`;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };

function multipart(parts: Part[]) {
  const boundary = `----help${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fieldsOf = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));

const custom = (values: Record<string, string>) => ({
  kind: 'custom',
  name: 'Ada Client',
  email: newEmail(),
  phone: '+1 555 0100',
  description: 'A linen dress in my own measurements, with a longer hem.',
  ...values,
});

async function submit(url: string, parts: Part[], options: { ip?: string; token?: string } = {}) {
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    remoteAddress: options.ip ?? newIp(),
  });
}

const db = () => t.database.db;
const storedFiles = () => {
  try {
    return readdirSync(join(t.dataDir, 'requests'), { recursive: true }).filter((name) => String(name).length > 10);
  } catch {
    return [];
  }
};
const count = async (table: 'help_requests' | 'help_request_files') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function codeSentTo(email: string): Promise<string> {
  const events = await db()
    .selectFrom('event_outbox')
    .select('payload')
    .where('type', '=', 'user.email_code_issued')
    .where('payload', 'like', `%${email}%`)
    .orderBy('id', 'desc')
    .execute();
  const payload = JSON.parse(events[0]?.payload ?? '{}') as { code?: string; purpose?: string };
  expect(payload.purpose).toBe('company');
  return payload.code ?? '';
}

const staff = (role = 'csr') => injectAs(t, tokens[role]);
/** asks for the wholesale code for `email`, from `ip` (a new address unless given) */
const companyCode = (email: string, ip = newIp()) => injectAs(t, null, { ip }).post('/api/company/code', { email });

appPerFile(async (made) => {
  t = made;
  for (const role of ['admin', 'operator', 'csr'] as const) {
    const member = await makeStaff(t, role, { nickname: `${role} desk` });
    staffIds[role] = member.id;
    tokens[role] = member.token;
  }
});

describe('POST /api/custom/upload', () => {
  it('keeps a guest request with its files, typed from their bytes, and acknowledges it by e-mail', async () => {
    const values = custom({ kind: 'tailor_made' });
    const response = await submit('/api/custom/upload', [
      ...fieldsOf(values),
      { name: 'files', filename: 'sketch.png', content: PNG },
      { name: 'files', filename: 'measures.txt', content: PDF },
    ]);
    expect(response.statusCode).toBe(200);
    expect(body(response).msg).toBe(HelpRequestMessages.sent);
    const id = body<{ id: number }>(response).result.id;
    const row = await db().selectFrom('help_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'tailor_made', status: 'open', user_id: null, email: values.email, company: '' });
    const files = await db().selectFrom('help_request_files').selectAll().where('request_id', '=', id).orderBy('id').execute();
    expect(files.map((file) => [file.name, file.mime])).toEqual([
      ['sketch.png', 'image/png'],
      ['measures.txt', 'application/pdf'],
    ]);
    await t.app.services.jobs.run(JOB.eventDispatch, Date.now());
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['subject'])
      .where('to_address', '=', values.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`We have received your request #${id}`);
  });

  it('links a signed-in shopper from the session', async () => {
    const ip = newIp();
    const user = await makeShopper(t);
    const { token } = user;
    const response = await submit(
      '/api/custom/upload',
      [...fieldsOf(custom({})), { name: 'files', filename: 'idea.png', content: PNG }],
      { ip, token },
    );
    const id = body<{ id: number }>(response).result.id;
    const row = await db().selectFrom('help_requests').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.id);

    // "Download my data" gives the request back, with its files' names
    const exported = await injectAs(t, token, { ip }).get('/shop/user/export');
    const requests = (exported.response.json() as { requests: { id: number; files: { name: string }[] }[] }).requests;
    expect(requests).toEqual([expect.objectContaining({ id, files: [expect.objectContaining({ name: 'idea.png' })] })]);
  });

  it('refuses bad fields, naming them, and keeps nothing of the request or its files', async () => {
    const before = [await count('help_requests'), await count('help_request_files'), storedFiles().length];
    const cases: [Record<string, string>, string, string][] = [
      [{ name: '' }, 'name', HelpRequestMessages.nameRequired],
      [{ email: 'not-an-address' }, 'email', 'Please enter a valid email address'],
      [{ description: 'short' }, 'description', HelpRequestMessages.descriptionShort],
      [{ kind: 'wholesale' }, 'kind', HelpRequestMessages.kindInvalid],
      [{ name: 'x'.repeat(81) }, 'name', HelpRequestMessages.nameTooLong],
    ];
    for (const [change, field, message] of cases) {
      const response = await submit('/api/custom/upload', [
        ...fieldsOf(custom(change)),
        { name: 'files', filename: 'a.png', content: PNG },
      ]);
      expect(response.statusCode).toBe(400);
      const answer = body<{ fields?: Record<string, string> }>(response);
      if (field !== 'email') expect(answer.msg).toBe(message);
      expect(Object.keys((answer.result as { fields?: Record<string, string> }).fields ?? {})).toContain(field);
    }
    expect([await count('help_requests'), await count('help_request_files'), storedFiles().length]).toEqual(before);
  });

  it('refuses files that are not pictures or PDFs, too large, too many, or a body that is not multipart', async () => {
    const before = [await count('help_requests'), storedFiles().length];
    const html = await submit('/api/custom/upload', [
      ...fieldsOf(custom({})),
      { name: 'files', filename: 'photo.png', content: HTML },
    ]);
    expect(html.statusCode).toBe(400);
    expect(body(html).msg).toBe(HelpRequestMessages.fileType);

    const large = await submit('/api/custom/upload', [
      ...fieldsOf(custom({})),
      { name: 'files', filename: 'big.pdf', content: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) },
    ]);
    expect(large.statusCode).toBe(400);
    expect(body(large).msg).toBe(HelpRequestMessages.fileTooLarge);

    const many = await submit('/api/custom/upload', [
      ...fieldsOf(custom({})),
      ...Array.from({ length: 6 }, (_, index) => ({ name: 'files', filename: `${index}.png`, content: PNG })),
    ]);
    expect(many.statusCode).toBe(400);
    expect(body(many).msg).toBe(HelpRequestMessages.tooManyFiles);

    const json = await injectAs(t, null, { ip: newIp() }).post('/api/custom/upload', custom({}));
    expect(json.status).toBe(400);
    expect(json.msg).toBe(HelpRequestMessages.unreadable);
    expect([await count('help_requests'), storedFiles().length]).toEqual(before);
  });

  it('limits how many requests one sender may send in an hour', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await submit('/api/custom/upload', fieldsOf(custom({})), { ip })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('wholesale: POST /api/company/code and /api/company/upload', () => {
  const wholesale = (email: string, code: string) =>
    fieldsOf({
      name: 'Grace Buyer',
      email,
      phone: '',
      company: 'Buyer & Co',
      description: 'Two hundred linen shirts a season for our three shops.',
      code,
    });

  it('takes the request with the code e-mailed to the company address, once', async () => {
    const email = newEmail();
    const sent = await companyCode(email);
    expect(sent.status).toBe(200);
    expect(sent.msg).toBe(HelpRequestMessages.codeSent);
    const code = await codeSentTo(email);
    await t.app.services.jobs.run(JOB.eventDispatch, Date.now());
    const codeMail = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(codeMail.subject).toContain(code);

    const response = await submit('/api/company/upload', [
      ...wholesale(email, code),
      { name: 'files', filename: 'catalogue.pdf', content: PDF },
    ]);
    expect(response.statusCode).toBe(200);
    const id = body<{ id: number }>(response).result.id;
    const row = await db().selectFrom('help_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'wholesale', company: 'Buyer & Co', email });

    const again = await submit('/api/company/upload', wholesale(email, code));
    expect(again.statusCode).toBe(400);
    expect(body(again).msg).toBe(EmailCodeMessages.expired);
  });

  it('refuses a wrong or missing code and keeps nothing; a new code waits for the resend delay', async () => {
    const email = newEmail();
    const ip = newIp();
    await companyCode(email, ip);
    const code = await codeSentTo(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const before = [await count('help_requests'), storedFiles().length];
    const refused = await submit('/api/company/upload', [
      ...wholesale(email, wrong),
      { name: 'files', filename: 'a.png', content: PNG },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).msg).toBe(EmailCodeMessages.invalid);
    const missing = await submit('/api/company/upload', wholesale(email, ''));
    expect(missing.statusCode).toBe(400);
    expect(body(missing).msg).toBe(HelpRequestMessages.codeRequired);
    const otherAddress = await submit('/api/company/upload', wholesale(newEmail(), code));
    expect(otherAddress.statusCode).toBe(400);
    expect([await count('help_requests'), storedFiles().length]).toEqual(before);

    const soon = await companyCode(email, ip);
    expect(soon.status).toBe(429);
    const bad = await companyCode('nope', ip);
    expect(bad.status).toBe(400);
  });

  it('the account code route does not send company codes', async () => {
    const response = await injectAs(t, null, { ip: newIp() }).post('/api/email/sendEmailCode', {
      email: newEmail(),
      type: 'company',
    });
    expect(response.status).toBe(400);
  });
});

describe('the staff inbox /admin/requests', () => {
  // a fresh open request for each test: one of them answers and closes its request
  let id: number;
  let email: string;
  beforeEach(async () => {
    const values = custom({});
    email = values.email;
    const response = await submit('/api/custom/upload', [
      ...fieldsOf(values),
      { name: 'files', filename: 'ref.png', content: PNG },
    ]);
    id = body<{ id: number }>(response).result.id;
  });

  it('lists requests by kind, status and assignee, and shows one with its files', async () => {
    const list = (await staff().get<THelpRequestList>('/admin/requests?kind=custom&status=open')).result;
    expect(list.data.map((row) => row.id)).toContain(id);
    expect(list.data.every((row) => row.kind === 'custom' && row.status === 'open')).toBe(true);
    const wholesale = (await staff().get<THelpRequestList>('/admin/requests?kind=wholesale')).result;
    expect(wholesale.data.map((row) => row.id)).not.toContain(id);
    const detail = (await staff().get<THelpRequestDetail>(`/admin/requests/${id}`)).result;
    expect(detail.file_list).toHaveLength(1);
    const file = await staff().get(`/admin/requests/${id}/files/${detail.file_list[0]?.id}`);
    expect(file.status).toBe(200);
    expect(file.response.headers['content-disposition']).toContain('attachment');
    expect(file.response.rawPayload.equals(PNG)).toBe(true);
    expect((await staff().get(`/admin/requests/${id}/files/2147483647`)).status).toBe(404);
    expect((await staff().get('/admin/requests/2147483647')).status).toBe(404);
    expect((await staff().get('/admin/requests?status=lost')).status).toBe(400);
    expect((await staff().get('/admin/requests/abc')).status).toBe(400);
  });

  it('assigns, answers (mailing the answer) and closes, each audited; a closed request takes no more changes', async () => {
    const assignees = (await staff().get<{ id: number }[]>('/admin/requests/assignees')).result.map((member) => member.id);
    expect(assignees).toEqual(expect.arrayContaining([staffIds.admin, staffIds.operator, staffIds.csr]));

    const assigned = await staff().post<THelpRequestDetail>('/admin/requests/assign', { id, staff_id: staffIds.operator });
    expect(assigned.status).toBe(200);
    expect(assigned.result.assignee_name).toBe('operator desk');
    const mine = (await staff('operator').get<THelpRequestList>('/admin/requests?assignee=me')).result;
    expect(mine.data.map((row) => row.id)).toContain(id);
    const nobody = (await staff().get<THelpRequestList>('/admin/requests?assignee=none')).result;
    expect(nobody.data.map((row) => row.id)).not.toContain(id);

    const noOne = await staff().post('/admin/requests/assign', { id, staff_id: 2147483647 });
    expect(noOne.status).toBe(400);
    expect(noOne.msg).toBe(HelpRequestMessages.assigneeInvalid);
    const empty = await staff().post('/admin/requests/answer', { id, answer: '  ' });
    expect(empty.status).toBe(400);

    const answer = 'Yes, we can make it.\n\nA seamstress will write to you with a quote this week.';
    const answered = await staff().post<THelpRequestDetail>('/admin/requests/answer', { id, answer });
    expect(answered.status).toBe(200);
    expect(answered.result).toMatchObject({ status: 'answered', answer, answered_by: 'csr desk' });
    await t.app.services.jobs.run(JOB.eventDispatch, Date.now());
    const mails = await db().selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email).execute();
    const answerMail = mails.find((mail) => mail.subject === `Our answer to your request #${id}`);
    expect(answerMail?.text_body).toContain('A seamstress will write to you');

    const closed = await staff().post<THelpRequestDetail>('/admin/requests/close', { id, reason: 'Quote sent' });
    expect(closed.result.status).toBe('closed');
    const late = await staff().post('/admin/requests/answer', { id, answer: 'More' });
    expect(late.status).toBe(409);
    expect((await staff().post('/admin/requests/close', { id })).status).toBe(409);

    const entries = await db()
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'reason'])
      .where('object_type', '=', 'help_request')
      .where('object_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.action)).toEqual(['help_request.assign', 'help_request.answer', 'help_request.close']);
    expect(entries[2]).toMatchObject({ staff_id: staffIds.csr, reason: 'Quote sent' });
  });

  it('is closed to shoppers and to guests', async () => {
    expect((await injectAs(t, null).get('/admin/requests')).status).toBe(401);
  });
});
