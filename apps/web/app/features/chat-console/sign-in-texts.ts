import { ChatTexts } from '@shop/contracts/chat-constants';

/**
 * The agents' sign-in page in the chat's two languages (issue 6 item 7): en-us by default, zh-cn.
 * The console's own texts (texts.ts) include these; the sign-in page loads only this part.
 */
export type ConsoleLanguage = 'en-us' | 'zh-cn';

export const signInTexts = {
  'en-us': {
    signInTitle: 'Agent sign-in',
    signInIntro: 'Sign in with your support account to answer shoppers.',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    signInSucceeded: 'Login succeeded',
    notAnAgent: 'This account is not a support agent account',
    backToShop: 'Back to the shop',
    signedOut: ChatTexts.signedOut as string,
    signedOutHint: 'Your session ended: you signed out elsewhere or your password changed. Sign in again to continue.',
    roleRefusedHint: 'Your role no longer lets you answer chats. An administrator can change it in the back office.',
    language: 'Language',
    code: 'Authenticator code',
    codeHint: 'The 6-digit code your authenticator app shows for this shop.',
  },
  'zh-cn': {
    signInTitle: '客服登录',
    signInIntro: '使用客服账号登录以回复顾客。',
    email: '邮箱',
    password: '密码',
    signIn: '登录',
    signInSucceeded: '登录成功',
    notAnAgent: '该账号不是客服账号',
    backToShop: '返回商店',
    signedOut: '您已退出登录',
    signedOutHint: '您的登录已结束：您在别处退出了登录或修改了密码。请重新登录后继续。',
    roleRefusedHint: '您的角色已不能回复聊天。管理员可以在后台修改。',
    language: '语言',
    code: '验证码',
    codeHint: '身份验证器应用为本店显示的 6 位数字。',
  },
} satisfies Record<ConsoleLanguage, Record<string, string>>;

export type SignInTexts = (typeof signInTexts)['en-us'];

export const CONSOLE_LANGUAGES: Array<{ value: ConsoleLanguage; label: string }> = [
  { value: 'en-us', label: 'English' },
  { value: 'zh-cn', label: '简体中文' },
];
