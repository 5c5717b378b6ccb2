import { index, type RouteConfig, route } from '@react-router/dev/routes';

/** spec 2 "Routes". Route ids given here are the spec's route names where it has them. */
export default [
  index('routes/home.tsx'),
  route('home/:page', 'routes/category-home.tsx'),
  route('login', 'routes/login.tsx'),
  route('forgotpassword', 'routes/forgotpassword.tsx'),
  route('cancelAccount', 'routes/cancel-account.tsx', { id: 'cancelAccount' }),
  route('person', 'routes/person.tsx'),
  route('unsubscribe', 'routes/unsubscribe.tsx'),
  // listings and search
  route('classify/:slug', 'routes/classify.tsx'),
  route('template/classify', 'routes/classify.tsx', { id: 'template-classify' }),
  route('template/SearchClassify', 'routes/search.tsx', { id: 'searchPage' }),
  // products
  route('product/details', 'routes/product.tsx', { id: 'product-details' }),
  route('product/:slug', 'routes/product.tsx'),
  route('recommend/recommend', 'routes/recommend.tsx'),
  // help
  route('help', 'routes/help.tsx'),
  route('help/AboutUs', 'routes/help.page.tsx', { id: 'help-about-us' }),
  route('help/helpContact', 'routes/help.contact.tsx'),
  route('help/projectTailorMade', 'routes/help.page.tsx', { id: 'help-project-tailor-made' }),
  route('help/custom', 'routes/help.page.tsx', { id: 'help-custom' }),
  route('help/wholesale', 'routes/help.page.tsx', { id: 'help-wholesale' }),
  route('help/blog', 'routes/help.page.tsx', { id: 'help-blog' }),
  route('help/brandStory', 'routes/help.page.tsx', { id: 'help-brand-story' }),
  // view cart and checkout, and the paid order
  route('order', 'routes/order.tsx'),
  route('order/paySuccess', 'routes/order.pay-success.tsx'),
  route('ShoppingListMain', 'routes/account-layout.tsx', [
    route('MyAccount', 'routes/account.my-account.tsx'),
    route('AccountInfo', 'routes/account.account-info.tsx'),
    route('BrowsingHistory', 'routes/account.browsing-history.tsx', { id: 'browsingHistory' }),
    route('address', 'routes/account.address.tsx', { id: 'address' }),
    route('password', 'routes/account.password.tsx', { id: 'password' }),
    route('MyWishlist', 'routes/account.my-wishlist.tsx', { id: 'myWishlist' }),
    route('notifications', 'routes/account.notifications.tsx', { id: 'notifications' }),
    route('MyOrder', 'routes/account.my-order.tsx', { id: 'myOrder' }),
    route('OrderDetails', 'routes/account.order-details.tsx'),
    route('LogisticsInformation', 'routes/account.logistics-information.tsx'),
    route('MyPoints', 'routes/account.my-points.tsx', { id: 'myPoints' }),
    route('PointsDetail', 'routes/account.points-detail.tsx', { id: 'pointsDetail' }),
    route('MyReviews', 'routes/account.my-reviews.tsx', { id: 'myReviews' }),
    route('MyPointsComment', 'routes/account.my-points-comment.tsx', { id: 'myPointsComment' }),
    route('ByFriends', 'routes/account.by-friends.tsx', { id: 'byFriends' }),
    route('MyFriends', 'routes/account.my-friends.tsx', { id: 'myFriends' }),
    route('*', 'routes/account.not-found.tsx'),
  ]),
  // the back office (staff only, outside the storefront's frame)
  route('office/login', 'routes/office.login.tsx'),
  route('office/accept', 'routes/office.accept.tsx'),
  route('office', 'routes/office.tsx', [
    index('routes/office.home.tsx'),
    route('orders', 'routes/office.orders.tsx'),
    route('content', 'routes/office.content.tsx'),
    route('support', 'routes/office.support.tsx'),
    route('staff', 'routes/office.staff.tsx'),
    route('audit', 'routes/office.audit.tsx'),
    route('security', 'routes/office.security.tsx'),
  ]),
  // the support agents' console (staff only, outside the storefront's frame)
  route('agent', 'routes/agent.tsx'),
  route('agent/login', 'routes/agent.login.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
