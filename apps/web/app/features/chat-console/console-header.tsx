import type { TChatConfig, TChatStatus, TChatUser } from '@shop/contracts/chat-protocol';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import type { ChatLanguage } from '../chat';
import { notificationPermission, offersNotifications } from './alerts';
import type { ConsoleState } from './console-state';
import { LanguageSelect } from './language-select';
import { signOutStaff } from './staff-session';
import { StatusSwitch } from './status-switch';
import type { ConsoleTexts } from './texts';

type HeaderProps = {
  config: TChatConfig | null;
  me: TChatUser | null;
  status: TChatStatus;
  connected: boolean;
  language: ChatLanguage;
  texts: ConsoleTexts;
  onChangeStatus: (status: TChatStatus) => void;
};

/** The console's header: its title, the agent, their status and language, notifications and signing out. */
export function ConsoleHeader({ config, me, status, connected, language, texts, onChangeStatus }: HeaderProps) {
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-gray-200 bg-white px-4 py-1.5">
      {/* On a phone the title and the agent's line each hold a row of their own from the first paint, so that
          the shop's name and the agent's number arriving later move nothing below them. */}
      <h1 className="basis-full truncate text-base font-semibold md:mr-auto md:basis-auto">
        {texts.consoleTitle}
        {/* the shop's name and the agent's number give way below 1280 px, so that the header keeps one row on a laptop */}
        {config ? <span className="ml-2 text-sm font-normal text-gray-600 md:max-xl:hidden">{config.app_name}</span> : null}
      </h1>
      <p className="min-h-5 basis-full text-sm text-gray-700 md:basis-auto">
        {me ? (
          <>
            {me.nickname} <span className="text-xs text-gray-500 md:max-xl:hidden">· {texts.yourNumber(me.id)}</span>
          </>
        ) : null}
      </p>
      <StatusSwitch status={status} disabled={!connected} texts={texts} onChange={onChangeStatus} />
      <LanguageSelect language={language} texts={texts} />
      <NotificationOffer config={config} texts={texts} />
      <Button variant="ghost" className="ml-auto min-h-9 px-3 md:ml-0" onClick={() => void signOutStaff()}>
        {texts.signOut}
      </Button>
    </header>
  );
}

/** Offers the desktop notifications the configuration enables, or says the browser blocks them. */
function NotificationOffer({ config, texts }: { config: TChatConfig | null; texts: ConsoleTexts }) {
  const [permission, setPermission] = useState(notificationPermission);
  const askPermission = async () => {
    try {
      setPermission(await window.Notification.requestPermission());
    } catch {
      setPermission(notificationPermission());
    }
  };
  return (
    <>
      {offersNotifications(config, permission) ? (
        <Button variant="secondary" className="min-h-9 px-3 text-xs" onClick={() => void askPermission()}>
          {texts.enableNotifications}
        </Button>
      ) : config?.new_message_notification === 'yes' && permission === 'denied' ? (
        <span className="text-xs text-gray-600">{texts.notificationsBlocked}</span>
      ) : null}
    </>
  );
}

type NoticeProps = {
  notice: string | null;
  connection: ConsoleState['connection'];
  /** the chat configuration has arrived */
  configured: boolean;
  texts: ConsoleTexts;
  onReconnect: () => void;
};

/** The connection's state under the header: a notice (with Reconnect once it is off), or "Connecting…". */
export function ConnectionNotice({ notice, connection, configured, texts, onReconnect }: NoticeProps) {
  return (
    <div role="status" aria-live="polite" className="relative z-20 empty:hidden">
      {notice ? (
        <p className="flex flex-wrap items-center justify-center gap-3 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
          {notice}
          {connection === 'off' ? (
            <Button variant="secondary" className="min-h-9 px-3" onClick={onReconnect}>
              {texts.reconnect}
            </Button>
          ) : null}
        </p>
      ) : connection === 'connecting' || (connection === 'idle' && !configured) ? (
        <p className="absolute inset-x-0 top-0 bg-gray-100 px-4 py-2 text-center text-sm text-gray-700 shadow-sm">
          {texts.connecting}
        </p>
      ) : null}
    </div>
  );
}
