import { ChatTexts } from '@shop/contracts/chat-constants';

/** The chat's languages (spec 9): en-us by default, zh-cn. */
export type MessageLanguage = 'en-us' | 'zh-cn';

export type MessageTexts = {
  you: string;
  agent: string;
  visitor: string;
  system: string;
  read: string;
  sending: string;
  autoReply: string;
  // Markdown code blocks (spec 8)
  code: string;
  copy: string;
  copied: string;
  copyFailed: string;
  expandCode: (lines: number) => string;
  collapseCode: string;
  diagram: string;
  drawingDiagram: string;
  opensInNewTab: string;
  // images (spec 4, 8)
  image: string;
  imageFailed: string;
  viewImage: string;
  closeImage: string;
  // files (spec 4, 5, 8)
  unknownSize: string;
  download: string;
  downloadFile: (name: string) => string;
  file: string;
  browser_not_support_video: string;
  browser_not_support_audio: string;
  link: string;
  // goods and orders
  product: string;
  order: string;
  orderNo: string;
  itemCount: (count: number) => string;
  total: string;
  orderSummary: (names: readonly string[], count: number) => string;
  orderStatus: Record<number, string> & Record<string, string>;
  // the list
  messages: string;
  noMessages: string;
  loadOlder: string;
  loadingOlder: string;
  noOlder: string;
  announce: (sender: string, preview: string) => string;
  justNow: string;
  minutesAgo: (minutes: number) => string;
  yesterday: string;
};

const en: MessageTexts = {
  you: 'You',
  agent: 'Agent',
  visitor: 'Visitor',
  system: 'Notice',
  read: 'Read',
  sending: 'Sending…',
  autoReply: 'Automatic reply',
  code: 'Code',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed',
  expandCode: (lines) => `Show all ${lines} lines`,
  collapseCode: 'Show less',
  diagram: 'Diagram',
  drawingDiagram: 'Drawing the diagram…',
  opensInNewTab: ' (opens in a new tab)',
  image: 'Image',
  imageFailed: 'Image failed to load',
  viewImage: 'View the image full size',
  closeImage: 'Close',
  unknownSize: ChatTexts.unknownSize,
  download: 'Download',
  downloadFile: (name) => `Download ${name}`,
  file: 'File',
  browser_not_support_video: 'Your browser does not support video playback.',
  browser_not_support_audio: 'Your browser does not support audio playback.',
  link: 'Link',
  product: 'Product',
  order: 'Order',
  orderNo: 'Order No.',
  itemCount: (count) => (count === 1 ? '1 item' : `${count} items`),
  total: 'Total',
  orderSummary: (names, count) => {
    const shown = names.join(', ');
    return count > names.length ? `${shown} and ${count - names.length} more` : shown;
  },
  // spec 4: order status codes, and the text statuses that also appear
  orderStatus: {
    1: 'Pending Payment',
    2: 'Pending Shipment',
    3: 'Shipped',
    4: 'Completed',
    5: 'Completed',
    6: 'Cancelled',
    7: 'Refunded',
    pending: 'Pending',
    paid: 'Paid',
    shipped: 'Shipped',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
  },
  messages: 'Messages',
  noMessages: 'No messages yet',
  loadOlder: 'Load earlier messages',
  loadingOlder: 'Loading earlier messages…',
  noOlder: 'This is the beginning of the conversation',
  announce: (sender, preview) => `New message from ${sender}: ${preview}`,
  justNow: 'Just now',
  minutesAgo: (minutes) => (minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`),
  yesterday: 'Yesterday',
};

const zh: MessageTexts = {
  you: '我',
  agent: '客服',
  visitor: '访客',
  system: '通知',
  read: '已读',
  sending: '发送中…',
  autoReply: '自动回复',
  code: '代码',
  copy: '复制',
  copied: '复制成功',
  copyFailed: '复制失败',
  expandCode: (lines) => `展开全部 ${lines} 行`,
  collapseCode: '收起',
  diagram: '图表',
  drawingDiagram: '正在绘制图表…',
  opensInNewTab: '（在新标签页中打开）',
  image: '图片',
  imageFailed: '图片加载失败',
  viewImage: '查看大图',
  closeImage: '关闭',
  unknownSize: ChatTexts.unknownSize,
  download: '下载',
  downloadFile: (name) => `下载 ${name}`,
  file: '文件',
  browser_not_support_video: '您的浏览器不支持视频播放。',
  browser_not_support_audio: '您的浏览器不支持音频播放。',
  link: '链接',
  product: '商品',
  order: '订单',
  orderNo: '订单号',
  itemCount: (count) => `共 ${count} 件`,
  total: '实付',
  orderSummary: (names, count) => {
    const shown = names.join('、');
    return count > names.length ? `${shown} 等 ${count} 件商品` : shown;
  },
  orderStatus: {
    1: '待付款',
    2: '待发货',
    3: '已发货',
    4: '已完成',
    5: '已完成',
    6: '已取消',
    7: '已退款',
    pending: '待付款',
    paid: '已付款',
    shipped: '已发货',
    delivered: '已送达',
    cancelled: '已取消',
    refunded: '已退款',
  },
  messages: '消息',
  noMessages: '暂无消息',
  loadOlder: '加载更早的消息',
  loadingOlder: '正在加载更早的消息…',
  noOlder: '以上是全部消息',
  announce: (sender, preview) => `${sender}发来新消息：${preview}`,
  justNow: '刚刚',
  minutesAgo: (minutes) => `${minutes} 分钟前`,
  yesterday: '昨天',
};

/** The message texts in `language` (English for anything else). */
export const messageTexts = (language: MessageLanguage | string): MessageTexts => (language === 'zh-cn' ? zh : en);

/** The locale `Intl` formats the chat's dates and numbers in. */
export const localeOf = (language: MessageLanguage | string) => (language === 'zh-cn' ? 'zh-CN' : 'en-US');
