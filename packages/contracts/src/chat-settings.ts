import { z } from 'zod';
import { CHAT_AGENT_CAP_MAX, CHAT_AGENT_CAP_MIN, ChatIdentity } from './chat-protocol';
import { envelope } from './envelope';
import { pictureAddress, text } from './fields';

/**
 * The chat's settings a shop owner changes in the back office (issue "back office", item 10):
 * the parts of spec 3's chat configuration that are the shop's choices. The technical keys
 * (ws_url, ports, ring, goods_api, orders_api, click_button_mode, session_link_prod) stay the
 * server's. `GET /admin/kefu/config` answers all of these; `POST /admin/kefu/config` takes any of
 * them and answers the whole again. Every instance reads the configuration per connection, so a
 * change holds at once everywhere.
 */

const yesNo = z.enum(['yes', 'no'], { error: 'Choose yes or no' });

export const NOTICE_THEMES = ['info', 'success', 'warning', 'error'] as const;

/** A path of this shop, as a visitor's address bar shows it (the chat matches them case-insensitively). */
const sitePath = text()
  .trim()
  .min(1, 'A path cannot be empty')
  .max(200, 'A path may be at most 200 characters')
  .refine(
    (path) => path.startsWith('/') && !path.startsWith('//') && !/\s/.test(path),
    'A path starts with / and holds no spaces',
  );

/** How many open conversations the routing gives one agent (decision 0056). */
export const ZAgentCap = z
  .number({ error: 'Enter a number of conversations' })
  .int('Enter a whole number of conversations')
  .min(CHAT_AGENT_CAP_MIN, `At least ${CHAT_AGENT_CAP_MIN}`)
  .max(CHAT_AGENT_CAP_MAX, `At most ${CHAT_AGENT_CAP_MAX}`);

export const ZChatSettings = z.object({
  app_name: text({ error: 'Please enter a name' })
    .trim()
    .min(1, 'Please enter a name')
    .max(40, 'The name may be at most 40 characters'),
  notice: text().trim().max(500, 'The notice may be at most 500 characters'),
  notice_theme: z.enum(NOTICE_THEMES, { error: 'Choose a notice style' }),
  new_user_tip: text().trim().max(500, 'The welcome message may be at most 500 characters'),
  not_start_paths: z.array(sitePath).max(30, 'At most 30 paths'),
  new_message_sound: yesNo,
  new_message_shake: yesNo,
  new_message_notification: yesNo,
  input_status_display: yesNo,
  tourist_file_switch: yesNo,
  auto_invitation_switch: yesNo,
  auto_invitation_max: z
    .number({ error: 'Enter a number' })
    .int('Enter a whole number')
    .min(0, 'At least 0')
    .max(10, 'At most 10'),
  auto_invitation_timing: z
    .number({ error: 'Enter a number of seconds' })
    .int('Enter a whole number of seconds')
    .min(5, 'At least 5 seconds')
    .max(600, 'At most 600 seconds'),
  auto_invitation_no_session: yesNo,
  auto_invitation_bg: pictureAddress,
  send_goods_identity: z.array(ChatIdentity).max(2),
  send_orders_identity: z.array(ChatIdentity).max(2),
  /** each agent's cap on open conversations, unless the staff page sets their own */
  agent_chat_cap: ZAgentCap,
});
export type TChatSettings = z.infer<typeof ZChatSettings>;
export const CHAT_SETTING_KEYS = Object.keys(ZChatSettings.shape) as Array<keyof TChatSettings>;

/** POST /admin/kefu/config: any of the settings; what is left out stays as it is. */
export const ZChatSettingsRequest = ZChatSettings.partial().refine((value) => Object.keys(value).length > 0, 'Nothing to change');
export const ZChatSettingsResponse = envelope(ZChatSettings);
