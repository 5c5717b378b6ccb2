import type { ConsoleLanguage } from './sign-in-texts';

/** The words of the console's search over conversations and contacts (decision 0062), in the console's languages. */
const en = {
  tab: 'Search',
  label: 'Search all conversations and contacts',
  hint: 'Words from a message, or a visitor’s name, e-mail or phone.',
  submit: 'Search',
  searching: 'Searching…',
  noWords: 'Type letters or numbers to search for.',
  found: (total: number, keyword: string) =>
    total === 1 ? `1 message matches “${keyword}”.` : `${total} messages match “${keyword}”.`,
  foundContacts: (count: number) => (count === 1 ? '1 contact matches.' : `${count} contacts match.`),
  nothing: (keyword: string) => `No conversation or contact matches “${keyword}”.`,
  contacts: 'Contacts',
  messages: 'Messages',
  more: 'More results',
  fromVisitor: 'The visitor wrote',
  fromAgent: 'An agent wrote',
  queued: 'Waiting in the queue: opening takes it',
  open: (name: string) => `Open the conversation with ${name}`,
  offline: 'Connect to search.',
};

export type SearchTexts = typeof en;

const zh: SearchTexts = {
  tab: '搜索',
  label: '搜索全部会话和联系人',
  hint: '消息中的词语，或访客的姓名、邮箱、电话。',
  submit: '搜索',
  searching: '正在搜索…',
  noWords: '请输入字母或数字进行搜索。',
  found: (total, keyword) => `${total} 条消息匹配“${keyword}”。`,
  foundContacts: (count) => `${count} 位联系人匹配。`,
  nothing: (keyword) => `没有会话或联系人匹配“${keyword}”。`,
  contacts: '联系人',
  messages: '消息',
  more: '更多结果',
  fromVisitor: '访客写道',
  fromAgent: '客服写道',
  queued: '排队中：打开即接入',
  open: (name) => `打开与 ${name} 的会话`,
  offline: '连接后即可搜索。',
};

export const searchTexts: Record<ConsoleLanguage, SearchTexts> = { 'en-us': en, 'zh-cn': zh };
