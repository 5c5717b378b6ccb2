import { CODE_OK } from '@shop/contracts';
import { isCancelled, saveFile } from '../../lib/api';
import { staffApi } from '../chat-console';

/**
 * Downloads a staff export as a file through the staff's API client (the staff token goes in a
 * header, so a plain link cannot; an expired one is renewed by the client). The file is named as
 * the server names it. No timeout: the server makes the export while the call waits.
 */
export async function downloadStaffFile(path: string, fallbackName: string): Promise<void> {
  const answer = await staffApi.file(path, { silent: true, noTimeout: true }).catch((error: unknown) => {
    // a second click on the same export: the newest one goes on
    if (isCancelled(error)) return null;
    throw error;
  });
  if (answer === null) return;
  if (answer.code !== CODE_OK || !answer.result) throw new Error('The export could not be made');
  saveFile(answer.result.blob, answer.result.name ?? fallbackName);
}
