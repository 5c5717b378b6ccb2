import { initialWidgetState, type WidgetEvent, type WidgetState, widgetReducer } from './widget/widget-state';

/** The chat's test fixtures: stored messages and conversations as the server sends them, and widget events. */

export { chatMessage, chatSession } from '../../lib/chat-fixtures.testing';

/** The widget's state after these events. */
export const runWidget = (events: WidgetEvent[], from: WidgetState = initialWidgetState) => events.reduce(widgetReducer, from);

/** A push from the server, as a widget event. */
export const pushed = (type: string, data: unknown): WidgetEvent => ({ type: 'push', push: { type, data } });
