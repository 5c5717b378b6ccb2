import type { TChatConfig, TChatMessage } from '@shop/contracts/chat-protocol';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { alertPlan, createRing, notificationPermission, pageVisible, SHAKE_MS } from './alerts';
import { type ConsoleState, previewOf } from './console-state';
import type { ConsoleTexts } from './texts';

type AlertSources = {
  config: RefObject<TChatConfig | null>;
  state: RefObject<ConsoleState>;
  texts: RefObject<ConsoleTexts>;
  /** what clicking a desktop notification opens */
  openSession: (sessionId: number) => void;
};

/**
 * How the console makes a visitor's new message heard (see alerts.ts for when): the ring, the
 * shake (a counter that is non-zero while the console shakes) and the desktop notification.
 */
export function useMessageAlerts({ config, state, texts, openSession }: AlertSources) {
  const [shaking, setShaking] = useState(0);
  const ringRef = useRef<ReturnType<typeof createRing> | null>(null);

  const alert = useCallback(
    (message: TChatMessage) => {
      const current = config.current;
      const plan = alertPlan(current, message, {
        activeId: state.current.activeId,
        pageVisible: pageVisible(),
        permission: notificationPermission(),
      });
      if (plan.sound && current) {
        ringRef.current ??= createRing(current.ring);
        ringRef.current.play();
      }
      if (plan.shake) setShaking((n) => n + 1);
      if (plan.notification) {
        const session = state.current.sessions.find((s) => s.id === message.session_id);
        const name = session?.nickname ?? current?.app_name ?? '';
        try {
          const shown = new Notification(texts.current.newMessageFrom(name), {
            body: texts.current.mediaPreview[message.type] ?? previewOf(message),
            tag: `chat-session-${message.session_id}`,
          });
          shown.onclick = () => {
            window.focus();
            openSession(message.session_id);
            shown.close();
          };
        } catch {
          // notifications refused by the browser after all
        }
      }
    },
    [config, state, texts, openSession],
  );

  // The shake ends after its 400 ms.
  useEffect(() => {
    if (!shaking) return;
    const timer = window.setTimeout(() => setShaking(0), SHAKE_MS);
    return () => window.clearTimeout(timer);
  }, [shaking]);

  return { alert, shake: shaking };
}
