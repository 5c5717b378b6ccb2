import type { Generated } from 'kysely';

/**
 * Table types. Money is integer cents (USD); times are epoch milliseconds; booleans are 0/1.
 * The same types hold on SQLite and PostgreSQL (decision 0001).
 */
export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  staff: StaffTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  outbox: OutboxTable;
  categories: CategoriesTable;
  goods: GoodsTable;
  goods_images: GoodsImagesTable;
  skus: SkusTable;
  attribute_values: AttributeValuesTable;
  browsing_history: BrowsingHistoryTable;
  job_locks: JobLocksTable;
  chat_tourists: ChatTouristsTable;
  chat_sessions: ChatSessionsTable;
  chat_messages: ChatMessagesTable;
  chat_trajectories: ChatTrajectoriesTable;
  chat_quick_replies: ChatQuickRepliesTable;
  chat_kb_entries: ChatKbEntriesTable;
  chat_uploads: ChatUploadsTable;
  currencies: CurrenciesTable;
  help_pages: HelpPagesTable;
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
  points: number;
  email_type: number;
  marketing_consent: number;
  marketing_consent_at: number | null;
  terms_accepted_at: number;
  status: 'active' | 'cancelled';
  created_at: number;
  updated_at: number;
}

export interface StaffTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  nickname: string;
  avatar: string;
  role: 'admin' | 'csr';
  /** the status the agent chose (online, busy, invisible, …) */
  status: string;
  /** when an instance last saw a connection of theirs: the chat's presence */
  last_seen_at: Generated<number>;
  created_at: number;
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

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
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

export interface JobLocksTable {
  name: string;
  owner: string;
  locked_until: number;
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

/** A help page of the storefront, written in Markdown by staff. */
export interface HelpPagesTable {
  key: string;
  title: string;
  body_markdown: string;
  updated_at: number;
}
