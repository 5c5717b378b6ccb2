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
  status: string;
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
}
