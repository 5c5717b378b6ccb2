import {
  HELP_REQUEST_FILE_ACCEPT,
  HELP_REQUEST_FILE_MAX_BYTES,
  HELP_REQUEST_FILES_MAX,
  HelpRequestMessages,
} from '@shop/contracts/help-requests-rules';

/** The picture and PDF types the server takes, as the browser names them: a first check before the bytes are read. */
const ACCEPTED = new Set(HELP_REQUEST_FILE_ACCEPT.split(','));

/**
 * Why the files just chosen cannot be added to the `attached` ones (a type the server refuses,
 * one too large, too many in all), or '' when they can.
 */
export function fileRefusal(chosen: readonly Pick<File, 'type' | 'size'>[], attached: number): string {
  if (chosen.some((file) => !ACCEPTED.has(file.type))) return HelpRequestMessages.fileType;
  if (chosen.some((file) => file.size > HELP_REQUEST_FILE_MAX_BYTES)) return HelpRequestMessages.fileTooLarge;
  if (attached + chosen.length > HELP_REQUEST_FILES_MAX) return HelpRequestMessages.tooManyFiles;
  return '';
}
