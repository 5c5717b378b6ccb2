import { CODE_OK, type Envelope } from '@shop/contracts';
import { ReviewPaths } from '@shop/contracts/review-rules';
import type { TMyReviews, TReviewAddRequest, TUploadedPhoto } from '@shop/contracts/reviews';
import { api } from '../../lib/api';

/** The reviews' calls from the browser; each answers the envelope's result or throws its message. */

async function resultOf<T>(promise: Promise<{ code: number; msg: string; result: T }>): Promise<T> {
  const envelope = await promise;
  if (envelope.code !== CODE_OK) throw new Error(envelope.msg);
  return envelope.result;
}

export const toggleLike = (id: number) =>
  resultOf(api.post<{ id: number; liked: 0 | 1; likes: number }>(ReviewPaths.like, { id }));

export const myReviews = () => resultOf(api.get<TMyReviews>(ReviewPaths.mine, { silent: true }));

export async function addReviews(request: TReviewAddRequest) {
  const envelope = await api.post<unknown>(ReviewPaths.add, request, { silent: true });
  if (envelope.code !== CODE_OK) throw new Error(envelope.msg);
  return envelope.msg;
}

/** ReviewMessages.uploadFailed, written out: the rules' messages would join the product page's first load. */
const FAILED = 'File upload failed, please try again';

/**
 * Uploads a photo as base64 with its progress (0–1) through the API client's `upload`: the
 * shopper's session goes with it, an expired token is renewed and the photo sent again, a dead
 * session is ended. The refusal's words are the photo's own error (no toast); a failed connection
 * or an unreadable answer reads 'File upload failed, please try again'. `_signedIn` is the token
 * the picker checked: the client sends the stored one, renewed if need be.
 */
export async function uploadPhoto(file: File, _signedIn: string, onProgress: (share: number) => void): Promise<TUploadedPhoto> {
  const data = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error('The photo could not be read'));
    reader.onload = () => resolve(String(reader.result));
    reader.readAsDataURL(file);
  });
  let envelope: Envelope<TUploadedPhoto>;
  try {
    envelope = await api.upload<TUploadedPhoto>(ReviewPaths.upload, { file: data }, { silent: true, onSent: onProgress });
  } catch {
    // a failed connection (the client has said it) or an unreadable answer
    throw new Error(FAILED);
  }
  if (envelope.code !== CODE_OK) throw new Error(envelope.msg || FAILED);
  return envelope.result;
}
