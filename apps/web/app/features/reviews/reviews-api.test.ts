import { ReviewMessages, ReviewPaths } from '@shop/contracts/review-rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkFailure } from '../../lib/api';
import { uploadPhoto } from './reviews-api';

const upload = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api: { upload },
}));

/** FileReader as the browser has it, for the one call the photo makes. */
class FakeReader {
  result: string | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readAsDataURL(file: File) {
    void file.arrayBuffer().then((bytes) => {
      this.result = `data:${file.type};base64,${Buffer.from(bytes).toString('base64')}`;
      this.onload?.();
    });
  }
}

const photo = () => new File(['jpeg'], 'a.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  upload.mockReset();
  vi.stubGlobal('FileReader', FakeReader);
});
afterEach(() => vi.unstubAllGlobals());

describe('a review photo’s upload', () => {
  it('goes through the API client as base64, its progress reported, and answers the stored photo', async () => {
    upload.mockImplementation(async (_path, _body, options: { onSent: (share: number) => void }) => {
      options.onSent(0.5);
      options.onSent(1);
      return { code: 200, msg: 'File uploaded successfully', result: { url: '/media/reviews/a.webp' } };
    });
    const shares: number[] = [];
    expect(await uploadPhoto(photo(), 'at1.x.y', (share) => shares.push(share))).toEqual({ url: '/media/reviews/a.webp' });
    expect(shares).toEqual([0.5, 1]);
    const [path, body, options] = upload.mock.calls[0] ?? [];
    expect(path).toBe(ReviewPaths.upload);
    expect(body).toEqual({ file: `data:image/jpeg;base64,${Buffer.from('jpeg').toString('base64')}` });
    // the photo says its refusal itself
    expect(options).toMatchObject({ silent: true });
  });

  it('throws the server’s refusal, or the failure text when it gave none', async () => {
    upload.mockResolvedValueOnce({ code: 400, msg: ReviewMessages.photoTooLarge, result: null });
    await expect(uploadPhoto(photo(), 't', () => undefined)).rejects.toThrow(ReviewMessages.photoTooLarge);
    upload.mockResolvedValueOnce({ code: 500, msg: '', result: null });
    await expect(uploadPhoto(photo(), 't', () => undefined)).rejects.toThrow(ReviewMessages.uploadFailed);
  });

  it('reads a failed connection as the failure text', async () => {
    upload.mockRejectedValueOnce(new NetworkFailure('Server exception！'));
    await expect(uploadPhoto(photo(), 't', () => undefined)).rejects.toThrow(ReviewMessages.uploadFailed);
  });
});
