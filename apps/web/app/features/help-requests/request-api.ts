import { CODE_OK, type Envelope } from '@shop/contracts';
import { type HelpRequestKind, HelpRequestPaths } from '@shop/contracts/help-requests-rules';
import { api } from '../../lib/api';

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
 * Sends a request form (its fields and files) as multipart with its upload progress (0–1) through
 * the API client's `upload`: the shopper's session goes with it when there is one (an expired token
 * renewed and the form sent again). A refusal is RequestRefused with the server's words, said by
 * the form (no toast); a failed connection or an unreadable answer reads 'File upload failed,
 * please try again'.
 */
export async function sendRequest(
  kind: HelpRequestKind,
  fields: Record<string, string>,
  files: File[],
  onProgress: (share: number) => void,
): Promise<{ id: number; message: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', file, file.name);
  let envelope: Envelope<{ id?: number; fields?: Record<string, string> } | null>;
  try {
    envelope = await api.upload(kind === 'wholesale' ? HelpRequestPaths.company : HelpRequestPaths.custom, form, {
      silent: true,
      onSent: onProgress,
    });
  } catch {
    // a failed connection (the client has said it) or an unreadable answer
    throw new RequestRefused(FAILED, {});
  }
  if (envelope.code === CODE_OK && envelope.result?.id) return { id: envelope.result.id, message: envelope.msg };
  throw new RequestRefused(envelope.msg || FAILED, envelope.result?.fields ?? {});
}

/** POST /api/company/code: the envelope, for the send-code button's countdown. */
export const sendCompanyCode = (email: string) => api.post<unknown>(HelpRequestPaths.companyCode, { email });
