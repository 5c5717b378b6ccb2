import type { TChatConfig } from '@shop/contracts/chat-protocol';
import type { WidgetTexts } from '../texts';
import type { WidgetState } from './widget-state';

/** The line under the dialog's title (spec 2): the agent typing, their status, or the wait for one. */
export function dialogStatus(
  state: Pick<WidgetState, 'agent' | 'agentTyping' | 'sessionId' | 'sessionStatus'>,
  config: Pick<TChatConfig, 'app_name' | 'input_status_display'>,
  texts: WidgetTexts,
): string {
  const title = state.agent?.nickname || config.app_name;
  if (state.agentTyping && config.input_status_display === 'yes') return `${title} ${texts.typing}`;
  if (state.sessionStatus === 'queued') return texts.waitingForAgent;
  if (state.agent) return texts.statusNames[state.agent.status];
  return state.sessionId === null ? config.app_name : texts.waitingForAgent;
}

/** The connection's state in words (spec 8), or '' while it is open. */
export function connectionNotice(state: Pick<WidgetState, 'connection' | 'off'>, texts: WidgetTexts): string {
  switch (state.connection) {
    case 'idle':
    case 'connecting':
      return texts.connecting;
    case 'reconnecting':
      return texts.reconnecting;
    case 'off':
      return state.off?.signedOut ? texts.signedOut : texts.chatUnavailable;
    default:
      return '';
  }
}
