/**
 * The back office's support area: the chat's settings and hours, quick replies and the knowledge
 * base, help requests, the chat's reports and the mail outbox. The routes import its pages from
 * their own modules; other office areas use its panel form (the coupon template form).
 */
export { PanelForm } from './panel-form';
