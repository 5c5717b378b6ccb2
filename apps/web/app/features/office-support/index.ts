/**
 * The back office's support area: the chat's settings and hours, quick replies and the knowledge
 * base, help requests, the chat's reports and the mail outbox. What other office areas use of it.
 */
export { TextArea } from './replies-pages';
