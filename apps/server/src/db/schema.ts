import type { EmailCodePurpose } from '@shop/contracts/email-codes';
import type { HelpRequestKind, HelpRequestStatus } from '@shop/contracts/help-requests-rules';
import type { StaffRoleName } from '@shop/contracts/permissions';
import type { ColumnType, Generated } from 'kysely';

/**
 * Table types. Money is integer cents (USD); times are epoch milliseconds; booleans are 0/1.
 * The same types hold on SQLite and PostgreSQL (decision 0001).
 */
export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  points_ledger: PointsLedgerTable;
  points_expiry_notices: PointsExpiryNoticesTable;
  referrals: ReferralsTable;
  known_identities: KnownIdentitiesTable;
  referral_rewards_monthly: ReferralRewardsMonthlyTable;
  staff: StaffTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  mail_outbox: MailOutboxTable;
  notification_preferences: NotificationPreferencesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  newsletter_consents: NewsletterConsentsTable;
  feedback: FeedbackTable;
  help_requests: HelpRequestsTable;
  help_request_files: HelpRequestFilesTable;
  user_messages: UserMessagesTable;
  email_codes: EmailCodesTable;
  event_outbox: EventOutboxTable;
  handled_events: HandledEventsTable;
  categories: CategoriesTable;
  goods: GoodsTable;
  goods_images: GoodsImagesTable;
  skus: SkusTable;
  attribute_values: AttributeValuesTable;
  browsing_history: BrowsingHistoryTable;
  job_locks: JobLocksTable;
  chat_tourists: ChatTouristsTable;
  customer_notes: CustomerNotesTable;
  chat_sessions: ChatSessionsTable;
  chat_messages: ChatMessagesTable;
  chat_ratings: ChatRatingsTable;
  chat_notes: ChatNotesTable;
  chat_session_labels: ChatSessionLabelsTable;
  chat_offline_contacts: ChatOfflineContactsTable;
  chat_reply_mail: ChatReplyMailTable;
  chat_trajectories: ChatTrajectoriesTable;
  chat_quick_replies: ChatQuickRepliesTable;
  chat_kb_entries: ChatKbEntriesTable;
  chat_uploads: ChatUploadsTable;
  currencies: CurrenciesTable;
  help_pages: HelpPagesTable;
  home_pages: HomePagesTable;
  cart_items: CartItemsTable;
  favorites: FavoritesTable;
  addresses: AddressesTable;
  delivery_companies: DeliveryCompaniesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_payments: OrderPaymentsTable;
  test_payment_ledger: TestPaymentLedgerTable;
  order_status_history: OrderStatusHistoryTable;
  order_tracking_events: OrderTrackingEventsTable;
  audit_log: AuditLogTable;
  audit_chain: AuditChainTable;
  staff_invitations: StaffInvitationsTable;
  coupon_templates: CouponTemplatesTable;
  user_coupons: UserCouponsTable;
  coupon_claims: CouponClaimsTable;
  reviews: ReviewsTable;
  review_likes: ReviewLikesTable;
  review_photos: ReviewPhotosTable;
  returns: ReturnsTable;
  return_lines: ReturnLinesTable;
  return_units: ReturnUnitsTable;
  return_events: ReturnEventsTable;
  order_refunds: OrderRefundsTable;
  test_payment_refunds: TestPaymentRefundsTable;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  mobile: string;
  dial_code: string;
  avatar: string;
  invitation_code: string;
  invited_by: number | null;
  email_type: number;
  marketing_consent: number;
  marketing_consent_at: number | null;
  terms_accepted_at: number;
  status: 'active' | 'cancelled';
  created_at: number;
  updated_at: number;
  /** when the shopper proved the address with an e-mailed code (null: not verified) */
  email_verified_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One live one-time code per address and purpose (decision 0025). */
export interface EmailCodesTable {
  id: Generated<number>;
  email: string;
  purpose: EmailCodePurpose;
  /** the account the code was issued for; a code issued to an address without one opens no account made later */
  user_id: number | null;
  /** HMAC-SHA256 of the code with the server's secret, hex */
  code_hash: string;
  /** wrong codes tried against it */
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/**
 * A movement of a shopper's points (decision 0023): append-only; the balance is the sum of the
 * shopper's rows. A source (an order, an account, an adjustment) moves points once per reason.
 */
/** The newest earning a shopper was told would expire (one notice per earning, decision 0032). */
export interface PointsExpiryNoticesTable {
  user_id: number;
  /** the ledger row of the newest earning the notice covered */
  ledger_id: number;
  expires_at: number;
  notified_at: number;
}

/** A friend who registered with an invitation code, and where they stand (decision 0033). */
export interface ReferralsTable {
  id: Generated<number>;
  inviter_id: number;
  friend_id: number;
  status: 'registered' | 'ordered' | 'rewarded' | 'not_rewarded';
  /** the friend's first completed order, once there is one */
  order_id: number | null;
  /** when that order's return window closes and the reward is due */
  reward_due_at: number | null;
  points: Generated<number>;
  /** why a reward was not given: 'monthly_limit' or 'order_returned' */
  note: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** A digest of an e-mail address or phone number an account was opened with. */
export interface KnownIdentitiesTable {
  kind: 'email' | 'phone';
  digest: string;
  user_id: number;
  created_at: number;
}

/** An inviter's referral rewards in a month (YYYY-MM, UTC). */
export interface ReferralRewardsMonthlyTable {
  inviter_id: number;
  month: string;
  rewarded: number;
}

export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  /** signed: a credit is positive, a spend negative */
  amount: number;
  reason: string;
  source_type: string;
  source_id: string;
  /** the staff member who acted, when one did */
  staff_id: number | null;
  created_at: number;
  /** a staff adjustment's reason, in the staff member's words */
  note: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface StaffTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  nickname: string;
  avatar: string;
  role: StaffRoleName;
  /** the status the agent chose (online, busy, invisible, …) */
  status: string;
  /** when an instance last saw a connection of theirs: the chat's presence */
  last_seen_at: Generated<number>;
  created_at: number;
  /** 0: deactivated (signs in no more; keeps its history) */
  active: Generated<number>;
  /** the second factor's secret, sealed with the server's key; null: sign-in asks for none */
  totp_secret: string | null;
  /** a secret being set up, in force once a code from it is confirmed */
  totp_pending_secret: string | null;
  /** the last TOTP time step accepted, so each code is good once */
  totp_last_step: number | null;
  /** the most open conversations the routing gives them (1–50); null: the chat settings' default */
  chat_cap: number | null;
}

export type SubjectType = 'user' | 'staff';

/** One signed-in session: a family of refresh tokens (decision 0002). */
export interface AuthSessionsTable {
  id: string;
  subject_type: SubjectType;
  subject_id: number;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
  user_agent: string;
  ip: string;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: number;
  used_at: number | null;
}

/** E-mail waiting to be sent, and sent (decision 0021): `logged` when SMTP_URL was unset. */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: 'pending' | 'sent' | 'logged' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: number;
  /** not tried before this time: a claim's lease, or a retry's backoff */
  available_at: number;
  sent_at: number | null;
  /** extra headers as a JSON object (List-Unsubscribe on marketing mail), or null */
  headers: string | null;
}

export interface NotificationPreferencesTable {
  user_id: number;
  category: 'account' | 'promotions' | 'newsletter' | 'alerts';
  channel: 'email' | 'inbox';
  /** 1 on, 0 off */
  enabled: number;
  updated_at: number;
}

/** One row per address: pending until its e-mailed code comes back (decision 0034). */
export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  /** the account the address belonged to when confirmed; null for a guest */
  user_id: number | null;
  status: 'pending' | 'subscribed' | 'unsubscribed';
  /** the form of the latest request */
  source: 'footer' | 'floating';
  requested_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
  updated_at: number;
}

/** The consent record, append-only: what was agreed to, when, where, from which client. */
export interface NewsletterConsentsTable {
  id: Generated<number>;
  subscription_id: number;
  email: string;
  user_id: number | null;
  action: 'requested' | 'confirmed' | 'withdrawn';
  source: 'footer' | 'floating' | 'unsubscribe' | 'account';
  /** the words shown where the shopper agreed (or the reason of a withdrawal) */
  consent_text: string;
  ip: string;
  user_agent: string;
  at: number;
}

/** The feedback widget's ratings and text (decision 0035). */
export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  website: string;
  feedback: string;
  product_rating: number;
  delivery_rating: number;
  service_rating: number;
  trust_recommend_rating: number;
  created_at: number;
}

/** A custom, tailor-made or wholesale request from the help pages (decision 0052). */
export interface HelpRequestsTable {
  id: Generated<number>;
  kind: HelpRequestKind;
  status: HelpRequestStatus;
  /** the signed-in shopper who sent it; null for a guest */
  user_id: number | null;
  name: string;
  email: string;
  phone: string;
  /** '' unless wholesale */
  company: string;
  description: string;
  assignee_id: number | null;
  answer: string | null;
  answered_by: number | null;
  answered_at: number | null;
  closed_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A file attached to a request: its bytes live in the request file storage under `storage_key`. */
export interface HelpRequestFilesTable {
  id: Generated<number>;
  request_id: number;
  storage_key: string;
  name: string;
  mime: string;
  size: number;
  created_at: number;
}

/** A notice in the shopper's inbox, one per domain event (decision 0039). */
export interface UserMessagesTable {
  id: Generated<number>;
  user_id: number;
  /** the event it tells of: unique, so an event leaves one notice */
  event_id: number;
  /** the event's type (order.shipped, coupon.expiring…) */
  event: string;
  /** the inbox's filter: order, return, coupon, points, review */
  type: string;
  title: string;
  content: string;
  /** the page it concerns, a path of the shop */
  link: string;
  read_at: number | null;
  created_at: number;
}

/** Domain events written with the change they report, until every subscriber handled them (decision 0021). */
export interface EventOutboxTable {
  id: Generated<number>;
  /** one of the contracts' DomainEventType */
  type: string;
  /** JSON, as the contracts' schema for the type parsed it */
  payload: string;
  occurred_at: number;
  /** not offered before this time: a claim's lease, or a retry's backoff */
  available_at: number;
  /** `dead` after the last attempt */
  status: 'pending' | 'done' | 'dead';
  attempts: number;
  last_error: string | null;
  dispatched_at: number | null;
}

/** Which subscriber handled which event: a second delivery finds the row and is ignored. */
export interface HandledEventsTable {
  subscriber: string;
  event_id: number;
  handled_at: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  url: string;
  icon: string;
  image: string;
  sort: number;
}

export interface GoodsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  url: string;
  description: string;
  min_price: number;
  max_origin_price: number;
  discount: number;
  status: number;
  sales: number;
  /** product page visits (POST /shop/goods/addVisit) */
  visits: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface GoodsImagesTable {
  id: Generated<number>;
  goods_id: number;
  url: string;
  sort: number;
  /** the picture's alternative text (staff write it in the back office; '' for the seed's) */
  alt: Generated<string>;
}

export interface SkusTable {
  id: Generated<number>;
  goods_id: number;
  color: string;
  size: string;
  price: number;
  origin_price: number;
  stock: number;
  image: string;
  /**
   * The SKU's colour and size as attribute values. The columns are nullable only because SQLite
   * cannot add a NOT NULL column with a foreign key; every writer sets them.
   */
  color_value_id: number;
  size_value_id: number;
}

/** A colour or size a SKU can have; `sort` orders sizes for display (colours go by name). */
export interface AttributeValuesTable {
  id: Generated<number>;
  kind: 'color' | 'size';
  name: string;
  sort: number;
}

// The full-text index `goods_search` differs by engine and is reached only through raw SQL in
// modules/catalog/search.ts, so it has no type here.

/** A shopper's recently viewed goods, one row per product (a repeat view moves it up). */
export interface BrowsingHistoryTable {
  user_id: number;
  goods_id: number;
  viewed_at: number;
}

/** A background job's lock, and its last run on any instance (decision 0022). */
export interface JobLocksTable {
  name: string;
  owner: string;
  locked_until: number;
  last_run_at: number | null;
  last_duration_ms: number | null;
  last_success_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
}

/** A chat visitor; `user_id` links a tourist who signed in to the shopper. */
export interface ChatTouristsTable {
  id: Generated<number>;
  user_id: number | null;
  nickname: string;
  avatar: string;
  language: string;
  trajectory_count: Generated<number>;
  last_trajectory_url: Generated<string>;
  last_seen_at: number;
  created_at: number;
  /** The agent who last invited this visitor to talk, and when (migration 0010). */
  invited_by: number | null;
  invited_at: Generated<number>;
}

export type ChatSessionStatus = 'queued' | 'active' | 'closed';

export interface ChatSessionsTable {
  id: Generated<number>;
  tourist_id: number;
  csr_id: number | null;
  status: ChatSessionStatus;
  top: Generated<number>;
  last_seq: Generated<number>;
  last_message: Generated<string>;
  unread_tourist: Generated<number>;
  unread_csr: Generated<number>;
  sort_time: number;
  created_at: number;
  /** the lifecycle (decision 0053), beside the routing status */
  state: Generated<ChatSessionState>;
  /** while snoozed: when it wakes (epoch ms); 0 otherwise */
  snoozed_until: Generated<number>;
  /** when the state last changed */
  state_at: Generated<number>;
  /** how many times it was resolved: each resolution may be rated once */
  resolutions: Generated<number>;
  /** how many labels it carries (decision 0058): raised only while below the limit */
  label_count: Generated<number>;
}

/** An agent's private note in a conversation (decision 0058): never a message, never the visitor's. */
export interface ChatNotesTable {
  id: Generated<number>;
  session_id: number;
  csr_id: number;
  /** the conversation's last message when it was written */
  after_seq: number;
  content: string;
  client_note_id: string;
  created_at: number;
}

/** A label of a conversation (decision 0058), unique per conversation by its lower-case key. */
export interface ChatSessionLabelsTable {
  id: Generated<number>;
  session_id: number;
  label: string;
  label_key: string;
  csr_id: number;
  created_at: number;
}

export type ChatSessionState = 'open' | 'resolved' | 'snoozed';

/** The visitor's satisfaction with one resolution of a conversation (decision 0053). */
export interface ChatRatingsTable {
  id: Generated<number>;
  session_id: number;
  resolution: number;
  tourist_id: number;
  csr_id: number | null;
  stars: number;
  comment: Generated<string>;
  created_at: number;
}

/** The address a visitor left for replies while no agent was there (decision 0060). */
export interface ChatOfflineContactsTable {
  tourist_id: number;
  email: string;
  updated_at: number;
}

/** How far a conversation's agent replies were mailed, and whether a mail is on its way (decision 0060). */
export interface ChatReplyMailTable {
  session_id: number;
  mailed_seq: Generated<number>;
  pending_since: Generated<number>;
  mails: Generated<number>;
}

export type ChatSenderType = 'tourist' | 'csr' | 'system';

export interface ChatMessagesTable {
  id: Generated<number>;
  session_id: number;
  seq: number;
  sender_type: ChatSenderType;
  sender_id: number;
  type: string;
  content: string;
  title: string;
  /** JSON text of the message's extend fields (spec 3) */
  extend: string;
  client_msg_id: string;
  status: 'unread' | 'read';
  auto_reply: number;
  created_at: number;
}

export interface ChatTrajectoriesTable {
  id: Generated<number>;
  tourist_id: number;
  title: string;
  url: string;
  referrer: string;
  created_at: number;
}

/** A quick reply; `staff_id` null means shared by every agent. */
export interface ChatQuickRepliesTable {
  id: Generated<number>;
  staff_id: number | null;
  title: string;
  content: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** A knowledge-base entry; `questions` holds its question variants, one per line. */
export interface ChatKbEntriesTable {
  id: Generated<number>;
  questions: string;
  answer: string;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface ChatUploadsTable {
  id: Generated<number>;
  uploader_type: 'tourist' | 'csr';
  uploader_id: number;
  storage_key: string;
  name: string;
  size: number;
  mime: string;
  suffix: string;
  created_at: number;
  expires_at: number;
}

/** A currency shoppers can show prices in; `exchange_rate` is decimal text (USD → this currency). */
export interface CurrenciesTable {
  id: Generated<number>;
  name: string;
  /** the symbol shown before amounts */
  unit: string;
  cn_name: string;
  currency_code: string;
  exchange_rate: string;
  sort: number;
  enabled: number;
}

/** A top category's home page as staff set it (decision 0045); `layout` is the JSON of THomeLayout. */
export interface HomePagesTable {
  category_id: number;
  layout: string;
  updated_at: number;
  updated_by: number;
}

/** A help page of the storefront, written in Markdown by staff. */
export interface HelpPagesTable {
  key: string;
  title: string;
  body_markdown: string;
  updated_at: number;
}

/** One SKU in a shopper's cart (one row per SKU: adding again raises `num`). */
export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  goods_id: number;
  sku_id: number;
  num: number;
  created_at: number;
  updated_at: number;
}

/** A product on a shopper's wishlist. */
export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  goods_id: number;
  created_at: number;
}

/** A shopper's delivery address; `country` is ISO 3166-1 alpha-2. */
export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string;
  country: string;
  state: string;
  city: string;
  address1: string;
  address2: string;
  postcode: string;
  is_default: number;
  created_at: number;
  updated_at: number;
}

/** A carrier; `tracking_url` holds `{no}` where the tracking number goes. */
export interface DeliveryCompaniesTable {
  id: Generated<number>;
  code: string;
  name: string;
  tracking_url: string;
  sort: number;
  enabled: number;
}

/**
 * An order (status codes of spec 4: 1 pending payment, 2 pending shipment, 3 shipped, 4/5
 * completed, 6 cancelled, 7 refunded). Amounts are cents (USD); `currency_code` and
 * `exchange_rate` record what the shopper saw; `address_json` is the address as it was.
 */
export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  status: number;
  currency_code: string;
  exchange_rate: string;
  goods_amount: number;
  discount_amount: number;
  coupon_id: number | null;
  coupon_amount: number;
  points_used: number;
  points_amount: number;
  shipping_method: string;
  shipping_amount: number;
  surcharge_amount: number;
  /** the surcharge lines as sold: JSON [{code, label, amount}] */
  surcharges_json: Generated<string>;
  insurance_amount: number;
  customs_amount: number;
  pay_price: number;
  total_num: number;
  address_json: string;
  remark: string;
  idempotency_key: string | null;
  request_fingerprint: string;
  pay_expires_at: number;
  paid_at: number | null;
  shipped_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  cancel_reason: string;
  delivery_company_id: number | null;
  tracking_no: string | null;
  created_at: number;
  updated_at: number;
  /** what refunds gave back in all, cents; and the goods' share of it (decision 0047) */
  refunded_amount: Generated<number>;
  refunded_goods: Generated<number>;
}

/** A line of an order: a snapshot of the product as sold. */
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  goods_id: number;
  sku_id: number;
  goods_name: string;
  goods_url: string;
  image: string;
  sku_text: string;
  unit_price: number;
  origin_price: number;
  num: number;
  total: number;
  /** the line's share of the order's coupon and points discounts, cents (largest remainder, decision 0029) */
  coupon_share: Generated<number>;
  points_share: Generated<number>;
  /** units refunded (decision 0047), never more than `num` */
  refunded_num: Generated<number>;
}

export type PaymentStatus = 'pending' | 'succeeded' | 'declined' | 'retry' | 'failed';

/** One payment attempt; a partial unique index allows one `succeeded` row per order. */
export interface OrderPaymentsTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  provider_ref: string;
  amount: number;
  status: PaymentStatus;
  message: string;
  card_last4: string;
  idempotency_key: string | null;
  created_at: number;
}

/**
 * The built-in test payment provider's record of each attempt it received, by idempotency key;
 * `voided` marks a key looked up before it was charged, which can no longer be charged.
 */
export interface TestPaymentLedgerTable {
  idempotency_key: string;
  status: 'succeeded' | 'declined' | 'retry' | 'voided';
  provider_ref: string;
  message: string;
  card_last4: string;
  amount: number;
  created_at: number;
}

/** Every status change of an order, with who made it ('shopper', 'payment', 'staff:<id>', 'job'). */
export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_status: number | null;
  to_status: number;
  actor: string;
  note: string;
  created_at: number;
}

/** A carrier's tracking event, as entered by staff. */
export interface OrderTrackingEventsTable {
  id: Generated<number>;
  order_id: number;
  event_time: number;
  status: string;
  location: string;
  description: string;
  created_at: number;
}

/** A staff write (decision 0036): append-only, each row chained to the one before by its hash. */
export interface AuditLogTable {
  id: Generated<number>;
  staff_id: number;
  /** what was done, `<area>.<verb>`: 'order.ship', 'help_page.save', 'coupon.grant' */
  action: string;
  object_type: string;
  object_id: string;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  created_at: number;
  prev_hash: string;
  hash: string;
}

/** The last hash of the audit trail, on its one row (id 1), locked by every append. */
export interface AuditChainTable {
  id: number;
  last_hash: string;
}

/** An invitation to join the staff (decision 0038): the link's token is kept only as its hash. */
export interface StaffInvitationsTable {
  id: Generated<number>;
  email: string;
  nickname: string;
  role: StaffRoleName;
  token_hash: string;
  invited_by: number;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  staff_id: number | null;
}

/**
 * A coupon template (decision 0029): a fixed amount or a percentage (with an optional cap) off
 * the goods in its scope, from a minimum spend; valid between fixed dates or for `valid_days`
 * from receipt; `issued` counts up to `total` (null: unlimited). `category_ids` and `goods_ids`
 * are JSON lists. `code` names the templates the reference seed writes.
 */
export interface CouponTemplatesTable {
  id: Generated<number>;
  code: string | null;
  name: string;
  description: string;
  kind: 'fixed' | 'percent';
  amount_cents: number;
  percent: number;
  max_discount_cents: number | null;
  min_spend_cents: number;
  scope: 'all' | 'categories' | 'products';
  category_ids: string;
  goods_ids: string;
  validity: 'fixed' | 'days';
  start_at: number | null;
  end_at: number | null;
  valid_days: number | null;
  total: number | null;
  issued: Generated<number>;
  per_user_limit: number;
  source: 'center' | 'registration' | 'newsletter' | 'referral' | 'staff' | 'points';
  points_cost: number;
  first_order_only: number;
  paused: number;
  created_at: number;
  updated_at: number;
}

/** A shopper's coupon; expiry is worked out from `end_at`, `status` records use only. */
export interface UserCouponsTable {
  id: Generated<number>;
  template_id: number;
  user_id: number;
  /** 1..per_user_limit, unique per template and shopper; null for a staff grant */
  slot: number | null;
  source: CouponTemplatesTable['source'];
  status: 'unused' | 'used';
  start_at: number;
  end_at: number;
  received_at: number;
  used_at: number | null;
  order_id: number | null;
  expiry_notified_at: number | null;
}

/** A welcome offer's once-per-person key: the offer and a SHA-256 of the e-mail address or phone number. */
export interface CouponClaimsTable {
  offer: string;
  kind: 'email' | 'phone';
  value_hash: string;
  user_id: number;
  created_at: number;
}

/** One review per line of a delivered order (decision 0041). */
export interface ReviewsTable {
  id: Generated<number>;
  order_id: number;
  order_item_id: number;
  user_id: number;
  goods_id: number;
  rating: number;
  content: string;
  fit: string | null;
  /** published | pending | rejected */
  status: string;
  /** why the moderation rules held it for staff */
  held_for: string | null;
  reject_reason: string | null;
  likes: Generated<number>;
  created_at: number;
  moderated_at: number | null;
  moderated_by: number | null;
  /** the shop's public reply (decision 0054), when written */
  reply: Generated<string | null>;
  reply_at: Generated<number | null>;
  reply_by: Generated<number | null>;
}

export interface ReviewLikesTable {
  review_id: number;
  user_id: number;
  created_at: number;
}

/** A review photo as the server re-encoded it; `review_id` once a review uses it. */
export interface ReviewPhotosTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  width: number;
  height: number;
  review_id: number | null;
  position: Generated<number>;
  created_at: number;
}

/** A return, refund or exchange request (decision 0047); its status codes are `ReturnStatus`. */
export interface ReturnsTable {
  id: Generated<number>;
  return_no: string;
  order_id: number;
  user_id: number;
  kind: 'refund' | 'return' | 'exchange';
  status: number;
  cancels_order: number;
  reason: string;
  description: string;
  photos_json: string;
  exchange_sku_id: number | null;
  quote_json: string;
  amount: number;
  reject_reason: Generated<string>;
  parcel_company_id: number | null;
  parcel_tracking_no: string | null;
  replacement_company_id: number | null;
  replacement_tracking_no: string | null;
  /** the agent who started the request for the shopper from the console (decision 0059); null: the shopper */
  acting_staff_id: number | null;
  created_at: number;
  updated_at: number;
  refunded_at: number | null;
}

export interface ReturnLinesTable {
  return_id: number;
  order_item_id: number;
  num: number;
  received_num: Generated<number>;
  restocked_num: Generated<number>;
}

/** One unit of an order line claimed by a request: a unit is claimed once (the primary key). */
export interface ReturnUnitsTable {
  order_item_id: number;
  unit_index: number;
  return_id: number;
}

export interface ReturnEventsTable {
  id: Generated<number>;
  return_id: number;
  status: number;
  /** 'shopper', 'system' or 'staff:<id>' */
  actor: string;
  note: string;
  created_at: number;
}

/** A refund of money: at most one pending or succeeded per request (a partial unique index). */
export interface OrderRefundsTable {
  id: Generated<number>;
  order_id: number;
  return_id: number | null;
  amount: number;
  goods_amount: number;
  reason: string;
  status: 'pending' | 'succeeded' | 'failed';
  idempotency_key: string;
  provider: string;
  provider_ref: Generated<string>;
  message: Generated<string>;
  actor: string;
  created_at: number;
  settled_at: number | null;
}

/** The built-in test provider's record of each refund, by idempotency key. */
export interface TestPaymentRefundsTable {
  idempotency_key: string;
  charge_ref: string;
  amount: number;
  provider_ref: string;
  created_at: number;
}

/** A staff note about a customer (decision 0055): the shop's own, written by one staff member. */
export interface CustomerNotesTable {
  id: Generated<number>;
  user_id: number;
  staff_id: number;
  body: string;
  created_at: number;
}
