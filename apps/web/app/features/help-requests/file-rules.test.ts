import { HELP_REQUEST_FILE_MAX_BYTES, HELP_REQUEST_FILES_MAX, HelpRequestMessages } from '@shop/contracts/help-requests-rules';
import { describe, expect, it } from 'vitest';
import { fileRefusal } from './file-rules';

const picture = { type: 'image/png', size: 1000 };

describe('fileRefusal', () => {
  it('takes pictures and PDFs up to the limits', () => {
    expect(fileRefusal([picture, { type: 'application/pdf', size: HELP_REQUEST_FILE_MAX_BYTES }], 0)).toBe('');
  });

  it('refuses another type first, then a file too large, then one too many', () => {
    const big = { type: 'image/png', size: HELP_REQUEST_FILE_MAX_BYTES + 1 };
    expect(fileRefusal([big, { type: 'text/plain', size: 1 }], 0)).toBe(HelpRequestMessages.fileType);
    expect(fileRefusal([big], 0)).toBe(HelpRequestMessages.fileTooLarge);
    expect(fileRefusal([picture], HELP_REQUEST_FILES_MAX)).toBe(HelpRequestMessages.tooManyFiles);
  });
});
