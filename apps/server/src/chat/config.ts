import { CHAT_AGENT_CAP_DEFAULT, type TChatConfig } from '@shop/contracts/chat-protocol';
import { CHAT_SETTING_KEYS, type TChatSettings } from '@shop/contracts/chat-settings';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';
import { saveSetting } from '../infra/settings';
import { recordAudit } from '../modules/audit';

/** The settings-table key holding the shop owner's changes to the chat configuration (JSON). */
export const CHAT_CONFIG_SETTING = 'chat.config';

/** The chat's configuration when the shop owner has changed nothing (spec 3 "Chat config"). */
export const DEFAULT_CHAT_CONFIG: Omit<TChatConfig, 'ws_url' | 'websocket_port' | 'wss_switch'> & {
  /** the routing's, never sent to the widget: each agent's cap on open conversations (decision 0056) */
  agent_chat_cap: number;
} = {
  app_name: 'Customer Service',
  not_start_paths: ['/login', '/forgotpassword', '/cancelAccount', '/order', '/order/paySuccess'],
  new_message_sound: 'yes',
  ring: '/worker/kefu.HttpIndex/ring?server=1',
  new_message_shake: 'yes',
  new_message_notification: 'yes',
  input_status_display: 'yes',
  tourist_file_switch: 'yes',
  auto_invitation_switch: 'yes',
  auto_invitation_max: 1,
  auto_invitation_timing: 30,
  auto_invitation_no_session: 'yes',
  click_button_mode: 'dialog',
  session_link_prod: 'yes',
  new_user_tip: 'Hi! How can we help you today?',
  goods_api: '/shop/goods',
  orders_api: '/shop/order/list',
  send_goods_identity: ['tourist', 'csr'],
  send_orders_identity: ['tourist'],
  notice: 'Our support team answers every day from 9:00 to 21:00 (Pacific Time).',
  notice_theme: 'info',
  auto_invitation_bg: '',
  agent_chat_cap: CHAT_AGENT_CAP_DEFAULT,
};

export type StoredChatConfig = typeof DEFAULT_CHAT_CONFIG;

/** The configuration in force: the defaults with the shop owner's changes on top. */
export async function loadChatConfig(db: Db): Promise<StoredChatConfig> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', CHAT_CONFIG_SETTING).executeTakeFirst();
  if (!row) return DEFAULT_CHAT_CONFIG;
  try {
    return { ...DEFAULT_CHAT_CONFIG, ...(JSON.parse(row.value) as Partial<StoredChatConfig>) };
  } catch {
    return DEFAULT_CHAT_CONFIG;
  }
}

/** The shop owner's part of the configuration (contracts/chat-settings.ts), as it is now. */
export async function chatSettings(db: Db): Promise<TChatSettings> {
  const config = await loadChatConfig(db);
  return Object.fromEntries(CHAT_SETTING_KEYS.map((key) => [key, config[key]])) as TChatSettings;
}

/** The cap on open conversations of an agent who has none of their own (decision 0056). */
export async function defaultAgentCap(db: Db): Promise<number> {
  return (await loadChatConfig(db)).agent_chat_cap;
}

/**
 * Changes the shop owner's settings: the given keys over the stored ones, in one transaction with
 * its audit entry. Every instance reads the configuration per connection, so it holds at once.
 */
export async function saveChatSettings(
  db: Db,
  staffId: number,
  patch: Partial<TChatSettings>,
  at: number,
): Promise<TChatSettings> {
  return inTransaction(db, async (trx) => {
    const before = await chatSettings(trx);
    const stored = await trx.selectFrom('settings').select('value').where('key', '=', CHAT_CONFIG_SETTING).executeTakeFirst();
    let changes: Partial<StoredChatConfig> = {};
    try {
      changes = stored ? (JSON.parse(stored.value) as Partial<StoredChatConfig>) : {};
    } catch {
      changes = {};
    }
    await saveSetting(trx, CHAT_CONFIG_SETTING, JSON.stringify({ ...changes, ...patch }));
    const after = await chatSettings(trx);
    const changed = CHAT_SETTING_KEYS.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    if (changed.length) {
      await recordAudit(trx, {
        staffId,
        action: 'chat_settings.save',
        object: { type: 'chat_settings', id: 'chat' },
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
        at,
      });
    }
    return after;
  });
}
