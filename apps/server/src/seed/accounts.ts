import type { Db } from '../db/database';
import { hashPassword } from '../infra/password';
import { buildStaff } from '../modules/staff/service';
import { creditPoints } from '../modules/users';

/** The demo accounts: printed at start and listed in the README. */
export const DEMO_ACCOUNTS = {
  shopper: { email: 'shopper@example.com', password: 'Shopper123', first_name: 'Sam', last_name: 'Shopper' },
  agent: { email: 'agent@example.com', password: 'Agent1234', nickname: 'Alice (Support)' },
  agent2: { email: 'agent2@example.com', password: 'Agent1234', nickname: 'Ben (Support)' },
  operator: { email: 'operator@example.com', password: 'Operator1234', nickname: 'Olivia (Operations)' },
  admin: { email: 'admin@example.com', password: 'Admin1234', nickname: 'Admin' },
} as const;

let counter = 0;

/**
 * Seed and test factory for a shopper. Every field can be given; the rest are made up.
 * `password_hash` skips the hashing (a shopper who signs in through a session only, as tests that
 * make hundreds of shoppers need).
 */
export async function buildUser(
  db: Db,
  input: Partial<{
    email: string;
    password: string;
    password_hash: string;
    marketing_consent: boolean;
    first_name: string;
    last_name: string;
    mobile: string;
    dial_code: string;
    invitation_code: string;
    invited_by: number | null;
    points: number;
  }> = {},
): Promise<{ id: number; email: string; password: string; invitation_code: string }> {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  const email = (input.email ?? `shopper-${stamp}@example.com`).toLowerCase();
  const password = input.password ?? 'Password123';
  const invitation_code = input.invitation_code ?? `T${stamp.toUpperCase()}`.slice(0, 16);
  const now = Date.now();
  const inserted = await db
    .insertInto('users')
    .values({
      email,
      password_hash: input.password_hash ?? (await hashPassword(password)),
      first_name: input.first_name ?? 'Test',
      last_name: input.last_name ?? 'Shopper',
      mobile: input.mobile ?? '+12025550143',
      dial_code: input.dial_code ?? '1',
      avatar: '',
      invitation_code,
      invited_by: input.invited_by ?? null,
      email_type: 1,
      marketing_consent: input.marketing_consent === false ? 0 : 1,
      marketing_consent_at: input.marketing_consent === false ? null : now,
      terms_accepted_at: now,
      status: 'active',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await openingBalance(db, inserted.id, input.points ?? 0, now);
  return { id: inserted.id, email, password, invitation_code };
}

/** Seed and test factory for a shopper's points: the ledger's opening balance, when there are any. */
export async function openingBalance(db: Db, userId: number, points: number, at = Date.now()): Promise<void> {
  if (points <= 0) return;
  await creditPoints(db, { userId, points, reason: 'opening_balance', source: { type: 'account', id: userId }, at });
}

export async function seedAccounts(db: Db) {
  await buildUser(db, { ...DEMO_ACCOUNTS.shopper, invitation_code: 'WELCOME1', points: 120 });
  await buildStaff(db, { ...DEMO_ACCOUNTS.agent, role: 'csr' });
  await buildStaff(db, { ...DEMO_ACCOUNTS.agent2, role: 'csr' });
  await buildStaff(db, { ...DEMO_ACCOUNTS.operator, role: 'operator' });
  await buildStaff(db, { ...DEMO_ACCOUNTS.admin, role: 'admin' });
}
