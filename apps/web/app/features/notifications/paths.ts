/** The account page of notification preferences (issue 14, item 7). */
export const NOTIFICATIONS_HREF = '/ShoppingListMain/notifications';
