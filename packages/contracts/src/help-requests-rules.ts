// Requests from the help pages (spec 2 "Routes": /help/custom, /help/projectTailorMade,
// /help/wholesale; spec 7 "Uploads, feedback"; decision 0052): the kinds, statuses, file rules,
// paths and texts shared by the forms, the back office and the server. No zod here, so any page
// may import it.

/** What a request asks for: a custom piece, a tailor-made project, or buying wholesale for a company. */
export const HELP_REQUEST_KINDS = ['custom', 'tailor_made', 'wholesale'] as const;
export type HelpRequestKind = (typeof HELP_REQUEST_KINDS)[number];

export const HELP_REQUEST_KIND_LABELS: Record<HelpRequestKind, string> = {
  custom: 'Custom',
  tailor_made: 'Tailor-made project',
  wholesale: 'Wholesale',
};

/** open: waiting for the shop; answered: the shop wrote back; closed: nothing more to do. */
export const HELP_REQUEST_STATUSES = ['open', 'answered', 'closed'] as const;
export type HelpRequestStatus = (typeof HELP_REQUEST_STATUSES)[number];

export const HELP_REQUEST_STATUS_LABELS: Record<HelpRequestStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};

/** The files a request may carry: pictures and PDFs, the type read from the bytes. */
export const HELP_REQUEST_FILE_TYPES = ['jpg', 'png', 'webp', 'gif', 'pdf'] as const;
export const HELP_REQUEST_FILE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf';
export const HELP_REQUEST_FILES_MAX = 5;
/** 10 MB a file */
export const HELP_REQUEST_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const HELP_REQUEST_LIMITS = {
  name: 80,
  phone: 40,
  company: 120,
  descriptionMin: 10,
  description: 4000,
  answer: 4000,
  reason: 240,
};

export const HelpRequestPaths = {
  /** custom and tailor-made requests (multipart: the fields and the files) */
  custom: '/api/custom/upload',
  /** wholesale requests, with the code that confirmed the company address (multipart) */
  company: '/api/company/upload',
  /** sends the code that confirms the company address */
  companyCode: '/api/company/code',
  staffList: '/admin/requests',
  staffAssignees: '/admin/requests/assignees',
  staffDetail: (id: number | string) => `/admin/requests/${id}`,
  staffFile: (id: number | string, fileId: number | string) => `/admin/requests/${id}/files/${fileId}`,
  staffAssign: '/admin/requests/assign',
  staffAnswer: '/admin/requests/answer',
  staffClose: '/admin/requests/close',
} as const;

/** The help page each form lives on. */
export const HELP_REQUEST_PAGES: Record<HelpRequestKind, string> = {
  custom: '/help/custom',
  tailor_made: '/help/projectTailorMade',
  wholesale: '/help/wholesale',
};

export const HelpRequestMessages = {
  nameRequired: 'Please enter your name',
  nameTooLong: `Your name can be at most ${HELP_REQUEST_LIMITS.name} characters`,
  phoneTooLong: `The phone number can be at most ${HELP_REQUEST_LIMITS.phone} characters`,
  companyRequired: 'Please enter the name of your company',
  companyTooLong: `The company name can be at most ${HELP_REQUEST_LIMITS.company} characters`,
  descriptionShort: `Please describe your request in at least ${HELP_REQUEST_LIMITS.descriptionMin} characters`,
  descriptionTooLong: `The description can be at most ${HELP_REQUEST_LIMITS.description} characters`,
  kindInvalid: 'kind must be custom or tailor_made',
  codeRequired: 'Please enter the code we sent to your company e-mail address',
  fileType: 'Only JPG, PNG, WebP or GIF pictures and PDF files can be attached',
  fileTooLarge: `A file can be at most ${HELP_REQUEST_FILE_MAX_BYTES / 1024 / 1024} MB`,
  tooManyFiles: `Attach at most ${HELP_REQUEST_FILES_MAX} files`,
  emptyFile: 'The file is empty',
  unreadable: 'The request could not be read: send a multipart/form-data body',
  interrupted: 'The upload was interrupted, please try again',
  filesField: 'Send the files in the field "files"',
  sent: 'Thank you! We have received your request and sent a confirmation to your e-mail address.',
  codeSent: 'We have sent a code to your company e-mail address.',
  notFound: 'This request does not exist',
  fileNotFound: 'This file does not exist',
  answerRequired: 'Please write the answer',
  answerTooLong: `The answer can be at most ${HELP_REQUEST_LIMITS.answer} characters`,
  closed: 'This request is closed',
  alreadyClosed: 'This request is already closed',
  assigneeInvalid: 'Choose a staff member who handles requests',
  assigned: 'The request has been assigned',
  unassigned: 'The request is no longer assigned',
  answered: 'The answer has been sent to the requester',
  closedNow: 'The request has been closed',
} as const;

/** A file's size for people: B, KB or MB with one decimal. */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
