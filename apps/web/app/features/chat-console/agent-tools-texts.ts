import { CHAT_LABEL_MAX_LENGTH, CHAT_LABELS_MAX, ChatNoteTexts } from '@shop/contracts/chat-constants';
import type { ConsoleLanguage } from './sign-in-texts';

/** The words of the agents' tools (decision 0058): private notes, labels and the `/` quick replies. */
const en = {
  notes: 'Private notes',
  notesCount: (count: number) => `Private notes (${count})`,
  notesHint: 'Only agents see these. The visitor never does.',
  privateNote: 'Private note',
  noNotes: 'No notes yet.',
  earlierNotes: 'Show earlier notes',
  noteLabel: 'Write a private note',
  notePlaceholder: 'Only agents will see this note',
  addNote: 'Add note',
  noteOffline: 'Not connected: the note was not saved. Try again once the console reconnects.',
  noteEmpty: ChatNoteTexts.noteEmpty as string,
  noteBy: (author: string, when: string) => `${author}, ${when}`,
  labels: 'Labels',
  labelsOf: (name: string) => `Labels of the conversation with ${name}`,
  addLabel: 'Add label',
  newLabel: 'New label',
  removeLabel: (label: string) => `Remove label ${label}`,
  labelTooLong: ChatNoteTexts.labelTooLong as string,
  labelEmpty: ChatNoteTexts.labelEmpty as string,
  labelTaken: ChatNoteTexts.labelTaken as string,
  tooManyLabels: ChatNoteTexts.tooManyLabels as string,
  labelLimits: `Up to ${CHAT_LABELS_MAX} labels of ${CHAT_LABEL_MAX_LENGTH} characters`,
  filterByLabel: 'Filter by label',
  applyFilter: 'Filter',
  clearFilter: (label: string) => `Clear the label filter ${label}`,
  filteredBy: (label: string) => `Label: ${label}`,
  slashList: 'Quick replies: arrows to choose, Enter to insert, Escape to close',
  slashCount: (count: number) => (count === 1 ? '1 quick reply' : `${count} quick replies`),
  slashNone: 'No quick reply matches',
  slashHint: 'Type / for quick replies',
  fillIn: (names: string[]) =>
    `Fill in ${names.map((name) => `{${name}}`).join(' and ')}: ${
      names.includes('order_no') ? 'this visitor has no order the shop knows of.' : 'it could not be looked up.'
    }`,
};

export type AgentToolsTexts = typeof en;

const zh: AgentToolsTexts = {
  notes: '内部备注',
  notesCount: (count: number) => `内部备注（${count}）`,
  notesHint: '只有客服可见，访客永远看不到。',
  privateNote: '内部备注',
  noNotes: '暂无备注。',
  earlierNotes: '显示更早的备注',
  noteLabel: '写一条内部备注',
  notePlaceholder: '只有客服能看到这条备注',
  addNote: '添加备注',
  noteOffline: '未连接：备注没有保存。重新连接后再试。',
  noteEmpty: '备注为空',
  noteBy: (author: string, when: string) => `${author}，${when}`,
  labels: '标签',
  labelsOf: (name: string) => `与 ${name} 的会话的标签`,
  addLabel: '添加标签',
  newLabel: '新标签',
  removeLabel: (label: string) => `删除标签 ${label}`,
  labelTooLong: `标签最多 ${CHAT_LABEL_MAX_LENGTH} 个字符`,
  labelEmpty: '请输入标签',
  labelTaken: '会话已有此标签',
  tooManyLabels: `一个会话最多 ${CHAT_LABELS_MAX} 个标签`,
  labelLimits: `最多 ${CHAT_LABELS_MAX} 个标签，每个最多 ${CHAT_LABEL_MAX_LENGTH} 个字符`,
  filterByLabel: '按标签筛选',
  applyFilter: '筛选',
  clearFilter: (label: string) => `清除标签筛选 ${label}`,
  filteredBy: (label: string) => `标签：${label}`,
  slashList: '快捷回复：方向键选择，回车插入，Esc 关闭',
  slashCount: (count: number) => `${count} 条快捷回复`,
  slashNone: '没有匹配的快捷回复',
  slashHint: '输入 / 使用快捷回复',
  fillIn: (names: string[]) =>
    `请填写 ${names.map((name) => `{${name}}`).join('、')}：${names.includes('order_no') ? '该访客没有订单。' : '无法查询。'}`,
};

export const agentToolsTexts = (language: ConsoleLanguage | string): AgentToolsTexts => (language === 'zh-cn' ? zh : en);
