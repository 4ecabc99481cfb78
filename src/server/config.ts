import { z } from 'zod';

// Every setting the server reads, with the defaults of the embedded (laptop) mode.
// Documented one by one in docs/operations.md's configuration table.
const isTrue = (v: string) => v === 'true' || v === '1';

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: z.string().min(32).optional(),
  TRUST_PROXY: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Power Mixer <hello@powermixer.example>'),
  // After a temporary SMTP failure a mail waits this long, doubling per failure (at most an hour).
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  // How often each process delivers the mail that is due (left pending, or its wait is over).
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(15_000),
  // A claimed mail is not due again before this: longer than one delivery can take with the
  // transport's timeouts (15 s + 15 s + 60 s), so only a process that died mid-delivery lets it lapse.
  MAIL_CLAIM_LEASE_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(5 * 60_000),
  // Announcement mails sent per minute, fleet-wide (issue 35): what the mail provider allows.
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  // Members an announcement's sending job lists per statement, resting after each (sender.ts).
  ANNOUNCEMENT_LIST_BATCH: z.coerce.number().int().min(1).max(100_000).default(2_000),
  CONTACT_EMAIL: z.string().email().default('hello@powermixer.example'),
  // The landing page's video (YouTube, Vimeo or a video file); unset, the hero shows the next event's image.
  HERO_VIDEO_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine(
        (v) => /^https:\/\/[^\s]+$/.test(v) || /^\/[^/\s][^\s]*$/.test(v),
        'must be an https:// URL or a path on this site',
      )
      .optional(),
  ),
  SITE_TIMEZONE: z.string().default('America/New_York'),
  // How far ahead a series' dates exist, in months; the series-horizon job extends them daily.
  SERIES_HORIZON: z.coerce.number().int().min(1).max(36).default(6),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  CACHE_STALE_MS: z.coerce.number().int().min(0).max(5_000).default(300),
  // Sent and captured mail older than this leaves the outbox (platform/housekeeping.ts); failed mail stays.
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  // How often each process looks for due jobs (platform/jobs.ts; tests call its tick instead).
  JOBS_CHECK_MS: z.coerce.number().int().min(10).default(15_000),
  // A process holds a job this long; if it dies mid-run, another takes the job over after it.
  JOB_LEASE_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(5 * 60_000),
  // After a job fails it waits this long before the next try, doubling per failure (at most an hour).
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  // Before an event starts, when attending members and guests are reminded: e.g. 24h,1h or 2d,90m.
  REMINDER_OFFSETS: z
    .string()
    .default('24h,1h')
    .refine(
      (v) => v.split(',').every((part) => /^\s*[1-9]\d*\s*[mhd]\s*$/.test(part)),
      'must be durations such as 24h,1h (m, h or d)',
    ),
  // A member with no open page for this many minutes is away: new messages, connection requests
  // and forum replies reach them by e-mail.
  NOTIFY_AWAY_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  // Unset: seed outside production only (see loadConfig).
  SEED_ON_EMPTY: z.enum(['true', 'false', '1', '0', '']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_ADMIN_EMAIL: z.string().email().default('admin@powermixer.example'),
  // No default passwords: unset, the seed generates them (setup/demo-credentials.ts).
  DEMO_ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_MEMBER_PASSWORD: z.string().min(8).optional(),
  // The first admin of a real install, created at start-up when no user has this e-mail.
  ADMIN_EMAIL: z.string().email().optional(),
  // Whether admins and door staff must use two-step sign-in (features/two-factor): by default
  // required in production and only recommended elsewhere (the embedded demo).
  STAFF_TWO_FACTOR: z.enum(['required', 'recommended', '']).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
});

/** `24h,1h` -> [1440, 60]: minutes before the start, largest first, each once. */
export function parseReminderOffsets(value: string): number[] {
  const unit = { m: 1, h: 60, d: 1440 } as const;
  const minutes = value.split(',').map((part) => {
    const m = /^\s*(\d+)\s*([mhd])\s*$/.exec(part)!;
    return Number(m[1]) * unit[m[2] as keyof typeof unit];
  });
  return [...new Set(minutes)].sort((a, b) => b - a);
}

export type Config = Omit<z.infer<typeof configSchema>, 'SEED_ON_EMPTY'> & {
  /** Seed the demo when the users table is empty: `SEED_ON_EMPTY`, or by default outside production. */
  SEED_ON_EMPTY: boolean;
  publicUrl: string;
  isProduction: boolean;
  /** STAFF_TWO_FACTOR: admins and door staff reach their screens only with two-step sign-in on. */
  staffTwoFactorRequired: boolean;
  sessionSecret: string;
  /** REMINDER_OFFSETS in minutes, largest first. */
  reminderOffsets: number[];
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const isProduction = c.NODE_ENV === 'production';
  if (isProduction && !c.SESSION_SECRET) {
    throw new Error('SESSION_SECRET (32+ characters) is required when NODE_ENV=production');
  }
  return {
    ...c,
    // Production seeds demo content (and its admin) only when asked for explicitly.
    SEED_ON_EMPTY: c.SEED_ON_EMPTY === undefined || c.SEED_ON_EMPTY === '' ? !isProduction : isTrue(c.SEED_ON_EMPTY),
    isProduction,
    staffTwoFactorRequired: c.STAFF_TWO_FACTOR ? c.STAFF_TWO_FACTOR === 'required' : isProduction,
    reminderOffsets: parseReminderOffsets(c.REMINDER_OFFSETS),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    // A fixed development secret keeps laptop sessions valid across restarts; production must set its own.
    sessionSecret: c.SESSION_SECRET ?? 'development-only-secret-change-me-in-production-0000',
  };
}
