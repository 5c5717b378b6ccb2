/** An order's details page (spec 2): the one address other features link an order to. */
export const orderDetailsPath = (id: number) => `/ShoppingListMain/OrderDetails?id=${id}`;
