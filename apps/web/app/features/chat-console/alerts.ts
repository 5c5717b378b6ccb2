import type { TChatConfig, TChatMessage } from '@shop/contracts/chat-protocol';

/**
 * How an agent hears about a visitor's new message (issue 6 item 6): the ring, a 400 ms shake of
 * the console and a desktop notification — each only when the chat configuration enables it, and
 * the notification only once the agent has allowed it.
 */

/** The console's tab is shown and has the focus: the agent can see what arrives. */
export const pageVisible = () => typeof document !== 'undefined' && document.visibilityState === 'visible' && document.hasFocus();

/** spec 9: the shake lasts 400 ms. */
export const SHAKE_MS = 400;

export type AlertSwitches = Pick<TChatConfig, 'new_message_sound' | 'new_message_shake' | 'new_message_notification'>;

export type AlertPlan = { sound: boolean; shake: boolean; notification: boolean };

export type AlertContext = {
  /** the conversation the agent has open */
  activeId: number | null;
  /** the console's tab is visible and focused */
  pageVisible: boolean;
  /** Notification.permission, or 'unsupported' */
  permission: NotificationPermission | 'unsupported';
};

const none: AlertPlan = { sound: false, shake: false, notification: false };

/**
 * A visitor's message the agent is not already reading makes the console ring and shake; when the
 * console's tab is hidden a desktop notification is shown too (if allowed). The agent's own
 * messages, system notices and messages of the open conversation in a visible tab make no noise.
 */
export function alertPlan(config: AlertSwitches | null, message: TChatMessage, context: AlertContext): AlertPlan {
  if (!config || message.sender_identity !== 'tourist') return none;
  const reading = context.pageVisible && context.activeId === message.session_id;
  if (reading) return none;
  return {
    sound: config.new_message_sound === 'yes',
    shake: config.new_message_shake === 'yes',
    notification: config.new_message_notification === 'yes' && context.permission === 'granted' && !context.pageVisible,
  };
}

/** Whether the console offers the "enable desktop notifications" button. */
export const offersNotifications = (config: AlertSwitches | null, permission: AlertContext['permission']) =>
  config?.new_message_notification === 'yes' && permission === 'default';

export const notificationPermission = (): AlertContext['permission'] =>
  typeof window === 'undefined' || typeof window.Notification === 'undefined' ? 'unsupported' : window.Notification.permission;

/** Plays the ring from its start; a browser that refuses to play (no gesture yet) stays silent. */
export function createRing(url: string): { play: () => void } {
  let audio: HTMLAudioElement | null = null;
  return {
    play() {
      try {
        audio ??= new Audio(url);
        audio.currentTime = 0;
        void audio.play().catch(() => {});
      } catch {
        // no audio in this browser
      }
    },
  };
}
