import { CODE_OK, type Envelope } from '@shop/contracts';
import { type HelpRequestKind, HelpRequestPaths } from '@shop/contracts/help-requests-rules';
import { api } from '../../lib/api';
import { LocalKeys, local } from '../../lib/storage';

/** A request refused by the server: its message, and the message of each field it names. */
export class RequestRefused extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

const FAILED = 'File upload failed, please try again';

/**
 * Sends a request form (its fields and files) as multipart with its upload progress (0–1): the API
 * client has no upload progress, so this one call goes through XMLHttpRequest with the shopper's
 * session header, when there is one.
 */
export function sendRequest(
  kind: HelpRequestKind,
  fields: Record<string, string>,
  files: File[],
  onProgress: (share: number) => void,
): Promise<{ id: number; message: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', kind === 'wholesale' ? HelpRequestPaths.company : HelpRequestPaths.custom);
    const token = local.get(LocalKeys.userToken);
    if (token) request.setRequestHeader('user-token', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new RequestRefused(FAILED, {}));
    request.onload = () => {
      try {
        const envelope = JSON.parse(request.responseText) as Envelope<{ id?: number; fields?: Record<string, string> }>;
        if (envelope.code === CODE_OK && envelope.result?.id) resolve({ id: envelope.result.id, message: envelope.msg });
        else reject(new RequestRefused(envelope.msg || FAILED, envelope.result?.fields ?? {}));
      } catch {
        reject(new RequestRefused(FAILED, {}));
      }
    };
    request.send(form);
  });
}

/** POST /api/company/code: the envelope, for the send-code button's countdown. */
export const sendCompanyCode = (email: string) => api.post<unknown>(HelpRequestPaths.companyCode, { email });
