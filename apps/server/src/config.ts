import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHOP_NAME } from '@shop/contracts';
import { CHAT_REPLY_MAIL_DELAY_MS } from '@shop/contracts/chat-offline-rules';
import { z } from 'zod';

const here = fileURLToPath(new URL('.', import.meta.url));
/** The repository root, from src/ (tests, tsx) or dist/ (the built server). */
const repoRoot = resolve(here, '../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4 or IPv6 address, a CIDR range of either, or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export type TrustProxy = false | { hops: number } | { addresses: string[] };

const TRUST_PROXY_FORMS =
  'must be the number of proxies in front of the shop (e.g. 1) or a comma-separated list of their addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1); true is refused, since it would let any client choose its own address with X-Forwarded-For';

/** TRUST_PROXY: unset, `false` or `0` trusts no proxy; a number of hops; or a list of proxy addresses. */
const trustProxyVariable = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === 'no' || value === '0') return false;
  if (/^\d+$/.test(value) && Number(value) <= 20) return { hops: Number(value) };
  const entries = value.split(',').map((entry) => entry.trim());
  if (value !== 'true' && entries.every(isProxyAddress)) return { addresses: entries };
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMS });
  return z.NEVER;
});

const ZEnv = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('production'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(postgres(ql)?|sqlite|file):/.test(v) || !v.includes('://'), {
      error: 'must be a postgres:// URL or a SQLite file path',
    })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default(`${SHOP_NAME} <no-reply@localhost>`),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+[^\s?#]*$/, "must be the shop's address, an http:// or https:// URL")
    .optional(),
  SEED_DEMO: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(10).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUST_PROXY: trustProxyVariable.default(false),
  WEB_BUILD_DIR: z.string().min(1).optional(),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  ORDER_PAY_TIMEOUT_MINUTES: z.coerce.number({ error: 'must be a number of minutes' }).int().min(1).max(10_080).default(30),
  PAYMENT_PROVIDER: z.enum(['test'], { error: 'must be test (the built-in test provider)' }).default('test'),
  CHAT_MESSAGE_BURST: z.coerce.number().int().min(1).max(100_000).default(10),
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(40),
  CHAT_MESSAGES_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(300),
  CHAT_FRAME_BURST: z.coerce.number().int().min(10).max(100_000).default(60),
  CHAT_VISITORS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(30),
  CHAT_UPLOAD_MB_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(100),
  CHAT_STORAGE_MB_PER_VISITOR: z.coerce.number().int().min(1).max(1_000_000).default(250),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** how long agents' replies to a visitor who left are gathered before one mail takes them (decision 0060) */
  CHAT_REPLY_MAIL_DELAY_S: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(1)
    .max(3_600)
    .default(CHAT_REPLY_MAIL_DELAY_MS / 1000),
});

/** The chat's limits (decision 0014); every window is fixed and counted by the shared rate limiter. */
export type ChatLimitsConfig = {
  /** messages one participant may send within 10 seconds */
  messageBurst: number;
  /** messages one participant may send within a minute */
  messagesPerMinute: number;
  /** messages all participants on one address may send within a minute */
  messagesPerMinutePerAddress: number;
  /** frames of any kind one connection may send within 10 seconds */
  frameBurst: number;
  /** new guest identities one address may be given within an hour */
  visitorsPerHourPerAddress: number;
  /** bytes one visitor may upload within a day */
  uploadBytesPerDay: number;
  /** bytes of live (unexpired) uploads one visitor may hold */
  storageBytesPerVisitor: number;
};

const MB = 1024 * 1024;

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** the shop's address as shoppers reach it: the links in e-mail */
  publicUrl: string;
  seedDemo: boolean;
  logLevel: string;
  authSecret?: string;
  accessTokenTtlS: number;
  refreshTokenTtlDays: number;
  /** which peers may tell the client's address (X-Forwarded-For): none, a number of hops, or these addresses */
  trustProxy: TrustProxy;
  webBuildDir: string;
  rateLimitAuthPerMinute: number;
  pageCacheTtlMs: number;
  /** an unpaid order is cancelled this long after it is placed */
  orderPayTimeoutMinutes: number;
  paymentProvider: 'test';
  chatLimits: ChatLimitsConfig;
  /** agents' replies to a visitor who left are gathered this long, then mailed together (decision 0060) */
  chatReplyMailDelayMs: number;
  /** a scraper sending `Authorization: Bearer <this>` may read /metrics from anywhere */
  metricsToken?: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once; every bad variable is named at once, and the process refuses to start. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = resolve(repoRoot, e.DATA_DIR);
  const url = e.DATABASE_URL;
  const database: Config['database'] =
    url && /^postgres(ql)?:/.test(url)
      ? { kind: 'postgres', url }
      : {
          kind: 'sqlite',
          file: url ? resolve(repoRoot, url.replace(/^(sqlite|file):(\/\/)?/, '')) : resolve(dataDir, 'shop.db'),
        };
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET,
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    trustProxy: e.TRUST_PROXY,
    webBuildDir: e.WEB_BUILD_DIR ? resolve(repoRoot, e.WEB_BUILD_DIR) : resolve(repoRoot, 'apps/web/build'),
    rateLimitAuthPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    pageCacheTtlMs: e.PAGE_CACHE_TTL_MS,
    orderPayTimeoutMinutes: e.ORDER_PAY_TIMEOUT_MINUTES,
    paymentProvider: e.PAYMENT_PROVIDER,
    chatLimits: {
      messageBurst: e.CHAT_MESSAGE_BURST,
      messagesPerMinute: e.CHAT_MESSAGES_PER_MINUTE,
      messagesPerMinutePerAddress: e.CHAT_MESSAGES_PER_MINUTE_PER_ADDRESS,
      frameBurst: e.CHAT_FRAME_BURST,
      visitorsPerHourPerAddress: e.CHAT_VISITORS_PER_HOUR_PER_ADDRESS,
      uploadBytesPerDay: e.CHAT_UPLOAD_MB_PER_DAY * MB,
      storageBytesPerVisitor: e.CHAT_STORAGE_MB_PER_VISITOR * MB,
    },
    chatReplyMailDelayMs: e.CHAT_REPLY_MAIL_DELAY_S * 1000,
    metricsToken: e.METRICS_TOKEN,
  };
}
