/**
 * The numbers of spec section 9 and the user-facing texts of spec sections 5 and 8.
 * Each appears here once; client and server import it from here.
 */

/** The shop's name: the header wordmark, page titles and the copyright line (the spec withholds the brand). */
export const SHOP_NAME = 'Aurelle';

// spec 9: requests
export const REQUEST_TIMEOUT_MS = 10_000;
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_CURRENCY = 'USD';

// spec 9: accounts
export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_CODE_MAX_LENGTH = 6;
export const EMAIL_CODE_COUNTDOWN_S = 60;

// spec 9: redirect and UI delays
export const REDIRECT_AFTER_REGISTER_MS = 800;
export const REDIRECT_AFTER_LOGIN_MS = 100;
export const REDIRECT_AFTER_401_MS = 1_500;
export const GUARD_OVERLAY_MS = 1_000;
export const COOKIE_BANNER_DELAY_MS = 1_500;
export const ACCOUNT_LAZY_LOAD_DELAY_MS = 200;
export const ACCOUNT_LAZY_LOAD_TIMEOUT_MS = 3_000;
export const TOAST_DURATION_MS = 3_000;
export const VALIDATION_NOTICE_MS = 2_000;
export const SCROLL_BUTTONS_THRESHOLD_PX = 300;
export const SCROLL_BUTTONS_DEBOUNCE_MS = 100;
export const CLICK_DEBOUNCE_MS = 500;
export const THROTTLE_DEFAULT_MS = 2_000;
export const CATEGORY_TAB_HOVER_DELAY_MS = 100;
export const SUBMENU_CHILD_ICONS = 6;
export const CART_POPOVER_CLOSE_DELAY_MS = 1_000;
export const WISHLIST_POPOVER_ITEMS = 9;
export const WISHLIST_FETCH_SIZE = 200;
export const CART_FETCH_SIZE = 50;
export const RECENTLY_VIEWED_MAX = 10;
export const CURRENCY_CACHE_MS = 300_000;
export const CATEGORY_CACHE_MS = 300_000;
export const SITE_CONFIG_CACHE_MS = 86_400_000;
export const MOBILE_BREAKPOINT_PX = 768;

// spec 9: promotions
export const SIGNUP_OFFER_USD = 10;
export const FIRST_ORDER_CONSENT_DISCOUNT_PERCENT = 20;

// spec 9: chat
export const CHAT_UPLOAD_MAX_BYTES = 52_428_800;
export const CHAT_HEARTBEAT_MS = 50_000;
export const CHAT_TYPING_DEBOUNCE_MS = 300;

// spec 7: response codes
export const CODE_OK = 200;
/** POST /shop/login/refresh: the refresh token travels in this header (spec 7). */
export const REFRESH_TOKEN_HEADER = 'refresh-token';

/** spec 2 "Help": footer help links by helpContact key */
export const HELP_CONTACT_KEYS = [
  'how_to_place_an_order',
  'about_payment',
  'track_my_order',
  'returns_exchanges',
  'contact_us',
  'privacy_policy',
  'cookies_notification',
  'terms_of_use',
] as const;
export type HelpContactKey = (typeof HELP_CONTACT_KEYS)[number];

/** spec 6: account pages that require a stored token */
export const GUARDED_ACCOUNT_PAGES = [
  'MyAccount',
  'MyOrder',
  'MyCoupons',
  'MyWishlist',
  'BrowsingHistory',
  'OrderDetails',
  'AccountInfo',
  'address',
  'password',
  'notifications',
] as const;

/** spec 4: order status codes */
export const OrderStatus = {
  PendingPayment: 1,
  PendingShipment: 2,
  Shipped: 3,
  Completed: 4,
  CompletedEvaluated: 5,
  Cancelled: 6,
  Refunded: 7,
} as const;

/** spec 5 and spec 8: every user-facing text the spec fixes */
export const Messages = {
  // spec 5 "Register"
  firstNameRequired: 'Please enter first name',
  lastNameRequired: 'Please enter last name',
  passwordRequired: 'Please enter password',
  passwordTooShort: 'Password does not meet requirements',
  passwordCase: 'The password contains uppercase and lowercase letters as well as numbers, with at least eight digits',
  mobileRequired: 'Please enter mobile',
  phoneInvalid: 'Invalid phone number',
  phoneFormatInvalid: 'Invalid phone number format',
  emailRequired: 'Please enter email',
  emailInvalid: 'Please enter the correct email address',
  emailCodeRequired: 'Please enter email code',
  // spec 5 "Sign in"
  usernameRequired: 'Please enter username',
  // spec 5 newsletter
  fieldRequired: 'This field is required.',
  newsletterEmailInvalid: 'Please enter a valid email address.',
  fillAllFields: 'Please fill all fields.',
  enterEmail: 'Please enter email.',
  // spec 8
  loginInvalid: 'Login is invalid, please log in again',
  timeout: 'Network request timeout！',
  serverException: 'Server exception！',
  offline: "You're disconnected！",
  userInfoFailed: 'Failed to load user info',
  loginSucceeded: 'Login succeeded',
  registered: 'successfully registered',
  emailRegistered: 'Email has been registered!',
  // spec 5: clearing the cart
  confirmClearCart: 'Are you sure you want to delete cart?',
  // spec 8 empty states
  noOrders: 'No orders found',
  noHistory: 'No product browsing history',
  emptyBag: 'Oops Your bag is empty!',
  emptyWishlist: 'Oops Your Wishlist is empty!',
  // our own texts where the spec is silent
  passwordsDiffer: 'The two passwords do not match',
  termsRequired: 'Please agree to the Terms and Privacy Policy',
  marketingRequired: 'Please agree to receive promotional information',
  invitationCodeUnknown: 'This invitation code does not exist',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  badCredentials: 'The email or password is incorrect',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  refreshInvalid: 'Your session has ended, please log in again',
  tokenExpired: 'Access token expired',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again.',
  badRequest: 'The request is not valid',
} as const;
