// The page types the page-weight check measures: one address per page type of
// apps/web/app/routes.ts, each with the route files that draw it.

/** A page drawn by one route file. */
const page = (name, path, route) => ({ name, path, routes: [`routes/${route}.tsx`] });
/** A page of the shopper's account area: its layout route and its own. */
const account = (name, path, route) => ({ name, path, routes: ['routes/account-layout.tsx', `routes/account.${route}.tsx`] });
/** A page of the back office: its layout route and its own. */
const office = (name, path, route) => ({ name, path, routes: ['routes/office.tsx', `routes/office.${route}.tsx`] });

/** The storefront's pages, on the demo catalogue's first category, its first leaf and a product. */
export const shopPages = (tree, leaf, product) => [
  page('home', '/', 'home'),
  page('category-home', `/home/${tree[0].url}.html`, 'category-home'),
  page('listing', `/classify/${leaf.url}-${leaf.id}.html`, 'classify'),
  page('listing-template', `/template/classify?classify_id=${leaf.id}`, 'classify'),
  page('search', '/template/SearchClassify?keyword=dress', 'search'),
  page('product', `/product/${product.url}.html`, 'product'),
  page('recommend', '/recommend/recommend', 'recommend'),
  page('help', '/help', 'help'),
  page('help-page', '/help/AboutUs', 'help.page'),
  page('help-custom', '/help/custom', 'help.page'),
  page('help-tailor-made', '/help/projectTailorMade', 'help.page'),
  page('help-wholesale', '/help/wholesale', 'help.page'),
  page('help-contact', '/help/helpContact?key=how_to_place_an_order', 'help.contact'),
  page('login', '/login', 'login'),
  page('register', '/login?tab=register', 'login'),
  page('forgot-password', '/forgotpassword', 'forgotpassword'),
  page('cancel-account', '/cancelAccount', 'cancel-account'),
  // answers with a redirect to MyAccount: what is measured is the page it loads
  page('person', '/person', 'person'),
  page('order', '/order', 'order'),
  page('payment', '/order?id=1', 'order'),
  page('pay-success', '/order/paySuccess?id=1', 'order.pay-success'),
];

/**
 * The account pages (and the newsletter's unsubscribe page). They draw themselves in the browser
 * from the shopper's token; their HTML, and so what they load before interaction, is the same for everyone.
 */
export const ACCOUNT_PAGES = [
  account('my-account', '/ShoppingListMain/MyAccount', 'my-account'),
  account('account-info', '/ShoppingListMain/AccountInfo', 'account-info'),
  account('password', '/ShoppingListMain/password', 'password'),
  account('notifications', '/ShoppingListMain/notifications', 'notifications'),
  page('unsubscribe', '/unsubscribe?token=1.newsletter.x', 'unsubscribe'),
  account('browsing-history', '/ShoppingListMain/BrowsingHistory', 'browsing-history'),
  account('address', '/ShoppingListMain/address', 'address'),
  account('wishlist', '/ShoppingListMain/MyWishlist', 'my-wishlist'),
  account('my-order', '/ShoppingListMain/MyOrder', 'my-order'),
  account('my-coupons', '/ShoppingListMain/MyCoupons', 'my-coupons'),
  account('redeem-points', '/ShoppingListMain/RedeemPointsMore', 'redeem-points-more'),
  account('order-details', '/ShoppingListMain/OrderDetails?id=1', 'order-details'),
  account('logistics', '/ShoppingListMain/LogisticsInformation?id=1', 'logistics-information'),
  account('my-points', '/ShoppingListMain/MyPoints', 'my-points'),
  account('points-detail', '/ShoppingListMain/PointsDetail', 'points-detail'),
  account('points-comment', '/ShoppingListMain/MyPointsComment', 'my-points-comment'),
  account('my-reviews', '/ShoppingListMain/MyReviews', 'my-reviews'),
  account('by-friends', '/ShoppingListMain/ByFriends', 'by-friends'),
  account('my-friends', '/ShoppingListMain/MyFriends', 'my-friends'),
  account('my-message', '/ShoppingListMain/MyMessage', 'my-message'),
  account('return-exchange', '/ShoppingListMain/ReturnExchange', 'return-exchange'),
  account('return-exchange-one', '/ShoppingListMain/ReturnExchangeOne?id=1', 'return-exchange-one'),
  account('return-exchange-details', '/ShoppingListMain/ReturnExchangeDetails?id=1', 'return-exchange-details'),
  account('waiting-return', '/ShoppingListMain/WaitingReturn?id=1', 'waiting-return'),
  account('account-not-found', '/ShoppingListMain/Nowhere', 'not-found'),
];

/** The agent console and the back office. */
export const STAFF_PAGES = [
  page('agent', '/agent', 'agent'),
  page('agent-login', '/agent/login', 'agent.login'),
  page('office-login', '/office/login', 'office.login'),
  office('office', '/office', 'home'),
  office('office-orders', '/office/orders', 'orders'),
  office('office-returns', '/office/returns', 'returns'),
  office('office-return', '/office/returns/1', 'return'),
  office('office-order', '/office/orders/1', 'order'),
  office('office-packing-slip', '/office/orders/1/packing-slip', 'packing-slip'),
  office('office-audit', '/office/audit', 'audit'),
  office('office-customers', '/office/customers', 'customers'),
  office('office-customer', '/office/customers/1', 'customer'),
  office('office-coupons', '/office/coupons', 'coupons'),
  office('office-catalog', '/office/catalog', 'catalog'),
  office('office-catalog-new', '/office/catalog/new', 'catalog-product'),
  office('office-catalog-product', '/office/catalog/1', 'catalog-product'),
  office('office-catalog-categories', '/office/catalog/categories', 'catalog-categories'),
  office('office-catalog-csv', '/office/catalog/csv', 'catalog-csv'),
  office('office-reviews', '/office/reviews', 'reviews'),
  office('office-content', '/office/content', 'content'),
  office('office-home-pages', '/office/home-pages', 'home-pages'),
  office('office-site', '/office/site', 'site'),
  office('office-support', '/office/support', 'support'),
  office('office-quick-replies', '/office/quick-replies', 'quick-replies'),
  office('office-knowledge-base', '/office/knowledge-base', 'knowledge-base'),
  office('office-feedback', '/office/feedback', 'feedback'),
  office('office-chat-reports', '/office/chat-reports', 'chat-reports'),
  office('office-requests', '/office/requests', 'requests'),
  office('office-request', '/office/requests/1', 'request'),
  office('office-mail', '/office/mail', 'mail'),
  office('office-staff', '/office/staff', 'staff'),
  office('office-security', '/office/security', 'security'),
  page('office-accept', '/office/accept?token=x', 'office.accept'),
];

export const NOT_FOUND_PAGE = page('not-found', '/no-such-page', 'not-found');
