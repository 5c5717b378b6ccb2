import { HelpRequestMessages, HelpRequestPaths } from '@shop/contracts/help-requests-rules';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkFailure } from '../../lib/api';
import { RequestRefused, sendRequest } from './request-api';

const upload = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api: { upload },
}));

const FAILED = 'File upload failed, please try again';

beforeEach(() => {
  upload.mockReset();
});

describe('sending a help request', () => {
  it('goes through the API client as multipart, its progress reported, and answers the request', async () => {
    upload.mockImplementation(async (_path, _body, options: { onSent: (share: number) => void }) => {
      options.onSent(0.25);
      options.onSent(1);
      return { code: 200, msg: HelpRequestMessages.sent, result: { id: 7 } };
    });
    const shares: number[] = [];
    const file = new File(['%PDF'], 'sketch.pdf', { type: 'application/pdf' });
    const sent = await sendRequest('custom', { name: 'Ada', kind: 'custom' }, [file], (share) => shares.push(share));
    expect(sent).toEqual({ id: 7, message: HelpRequestMessages.sent });
    expect(shares).toEqual([0.25, 1]);
    const [path, form, options] = upload.mock.calls[0] ?? [];
    expect(path).toBe(HelpRequestPaths.custom);
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get('name')).toBe('Ada');
    expect(((form as FormData).get('files') as File).name).toBe('sketch.pdf');
    // the form says its refusal itself
    expect(options).toMatchObject({ silent: true });
  });

  it('sends a wholesale request to the company address', async () => {
    upload.mockResolvedValueOnce({ code: 200, msg: 'ok', result: { id: 8 } });
    await sendRequest('wholesale', { company: 'Acme' }, [], () => undefined);
    expect(upload.mock.calls[0]?.[0]).toBe(HelpRequestPaths.company);
  });

  it('throws a refusal with the server’s words and its fields', async () => {
    upload.mockResolvedValueOnce({
      code: 400,
      msg: HelpRequestMessages.codeRequired,
      result: { fields: { code: HelpRequestMessages.codeRequired } },
    });
    const refused = await sendRequest('wholesale', {}, [], () => undefined).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RequestRefused);
    expect(refused).toMatchObject({
      message: HelpRequestMessages.codeRequired,
      fields: { code: HelpRequestMessages.codeRequired },
    });
    upload.mockResolvedValueOnce({ code: 500, msg: '', result: null });
    await expect(sendRequest('custom', {}, [], () => undefined)).rejects.toMatchObject({ message: FAILED, fields: {} });
  });

  it('reads a failed connection as the failure text', async () => {
    upload.mockRejectedValueOnce(new NetworkFailure('Server exception！'));
    await expect(sendRequest('custom', {}, [], () => undefined)).rejects.toMatchObject({ message: FAILED, fields: {} });
  });
});
