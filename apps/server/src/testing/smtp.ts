import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it: the envelope's recipients, the raw text, and its decoded parts. */
export type ReceivedMail = { to: string[]; raw: string; subject: string; text: string; html: string };

/** The decoded text of a quoted-printable MIME body. */
export const unQuote = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function splitHead(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string) {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return Buffer.from(unQuote(body), 'latin1').toString('utf8');
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Reads the subject and the text and HTML parts of a message as nodemailer writes it (multipart/alternative). */
export function parseMail(to: string[], raw: string): ReceivedMail {
  const { headers, body } = splitHead(raw);
  const subject = (headers.subject ?? '').replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_, q: string) =>
    Buffer.from(unQuote(q.replace(/_/g, ' ')), 'latin1').toString('utf8'),
  );
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  let text = '';
  let html = '';
  for (const part of parts) {
    const parsed = splitHead(part.replace(/^\r?\n/, ''));
    const type = (parsed.headers['content-type'] ?? '').toLowerCase();
    if (type.startsWith('text/plain')) text = decodeBody(parsed.headers, parsed.body);
    if (type.startsWith('text/html')) html = decodeBody(parsed.headers, parsed.body);
  }
  return { to, raw, subject, text, html };
}

/** A local SMTP server that keeps every message it is given; `next` waits for the next one to an address. */
export async function smtpServer(onMail?: (mail: ReceivedMail) => void) {
  const received: ReceivedMail[] = [];
  const waiting = new Set<{ to: string; from: number; resolve: (mail: ReceivedMail) => void }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(
          session.envelope.rcptTo.map((r) => r.address),
          Buffer.concat(chunks).toString(),
        );
        received.push(mail);
        onMail?.(mail);
        for (const waiter of waiting) {
          const found = received.slice(waiter.from).find((m) => m.to.includes(waiter.to));
          if (found) {
            waiting.delete(waiter);
            waiter.resolve(found);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /** Messages to `to` received so far. */
    to: (to: string) => received.filter((mail) => mail.to.includes(to)),
    /** The first message to `to` after the first `from` messages of all received. */
    next: (to: string, from = 0) =>
      new Promise<ReceivedMail>((resolve) => {
        const found = received.slice(from).find((mail) => mail.to.includes(to));
        if (found) resolve(found);
        else waiting.add({ to, from, resolve });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof smtpServer>>;
