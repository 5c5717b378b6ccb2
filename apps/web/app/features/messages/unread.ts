/** How an unread count is read out: "1 unread message", "3 unread messages". */
export const unreadLabel = (count: number) => `${count} unread ${count === 1 ? 'message' : 'messages'}`;
