import { CODE_OK } from '@shop/contracts';
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

/**
 * Uploads a photo as base64 with its progress (0–1): the API client has no upload progress, so
 * this one call goes through XMLHttpRequest with the same session header.
 */
export function uploadPhoto(file: File, token: string, onProgress: (share: number) => void): Promise<TUploadedPhoto> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error('The photo could not be read'));
    reader.onload = () => {
      const request = new XMLHttpRequest();
      request.open('POST', ReviewPaths.upload);
      request.setRequestHeader('content-type', 'application/json');
      request.setRequestHeader('user-token', token);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      request.onerror = () => reject(new Error('File upload failed, please try again'));
      request.onload = () => {
        try {
          const envelope = JSON.parse(request.responseText) as { code: number; msg: string; result: TUploadedPhoto };
          if (envelope.code === CODE_OK) resolve(envelope.result);
          else reject(new Error(envelope.msg || 'File upload failed, please try again'));
        } catch {
          reject(new Error('File upload failed, please try again'));
        }
      };
      request.send(JSON.stringify({ file: reader.result }));
    };
    reader.readAsDataURL(file);
  });
}
