import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. Fails at boot listing what is wrong. */
const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Drop Portal <no-reply@drop.local>'),
  PUBLIC_URL: z.string().url().optional(),
  NP_API_URL: z.string().url().optional(),
  NP_API_KEY: z.string().optional(),
  /** Nova Poshta's print service (markings as PDF); default https://my.novaposhta.ua when NP_API_URL is set. */
  NP_PRINT_URL: z.string().url().optional(),
  /** Mount the built-in Nova Poshta emulator in production too (benchmarks and demos; never a real deployment). */
  NP_EMULATOR: bool.default(false),
  NP_EMULATOR_STEP_SECONDS: z.coerce.number().min(0).default(120),
  TRACKING_INTERVAL_SECONDS: z.coerce.number().min(1).default(300),
  /** Prom.ua's public API (default https://my.prom.ua/api/v1; the built-in emulator outside production). */
  PROM_API_URL: z.string().url().optional(),
  /** Rozetka's seller API (default https://api-seller.rozetka.com.ua; the built-in emulator outside production). */
  ROZETKA_API_URL: z.string().url().optional(),
  /** Horoshop's API of a site, `{domain}` standing for the site's domain (default https://{domain}/api; the emulator outside production). */
  HOROSHOP_API_URL: z.string().optional(),
  /** Mount the built-in marketplace emulators in production too, and use them for unset *_API_URL (demos only). */
  MARKETPLACE_EMULATORS: bool.default(false),
  /** How often each marketplace connection is asked for new orders (seconds). */
  MARKETPLACE_POLL_SECONDS: z.coerce.number().min(1).max(86_400).default(120),
  /** Key of secrets kept in the database (marketplace credentials): 32 bytes as hex or base64; default a key file in DATA_DIR. */
  SECRETS_KEY: z.string().optional(),
  RESERVATION_SYSTEM: z.enum(['embedded', 'onec-http', 'commerceml']).default('embedded'),
  ONEC_URL: z.string().url().optional(),
  /** How long one call to 1C may take before it counts as failed (and the job is retried). */
  ONEC_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(10),
  /** Connecting, the greeting and any silence in an SMTP conversation longer than this fail the delivery (retried by the job). */
  SMTP_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(30),
  /** First retry delay of a failed job (mail, reservation, feed build); exponential backoff after it. */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** How often each API process looks for feeds due for a scheduled build. */
  FEED_SCHEDULE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  OPERATOR_EMAIL: z.string().email().optional(),
  OPERATOR_PASSWORD: z.string().min(8).optional(),
  DEMO_PRODUCTS: z.coerce.number().int().min(0).max(2_000_000).default(5000),
  /** Demo products show the photographic pool (drawn once per machine); 0 gives them small SVGs instead. */
  DEMO_PICTURES: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: one readable line a request through pino-pretty (a development dependency: `npm run dev` sets it); `json` otherwise. */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  REALTIME_KEY: z.string().min(1).default('drop'),
  REALTIME_SECRET: z.string().min(16).optional(),
  /** Sign-ins, registrations, password resets and mailed codes from one IP address per 10 minutes. */
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  /** A sign-in token unused this many days ends (idle expiry). */
  SESSION_IDLE_DAYS: z.coerce.number().min(0.001).max(3650).default(30),
  /** A sign-in token ends this many days after the sign-in however much it is used (absolute lifetime). */
  SESSION_MAX_DAYS: z.coerce.number().min(0.001).max(3650).default(180),
});

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The environment as the API's configuration: `Config` is this schema's output type, so a
 * setting is declared once (its variable, its check, its default and its shape in the program).
 */
const configSchema = schema
  .extend({
    /** npm runs workspace scripts inside the workspace; relative paths mean the caller's directory (npm's INIT_CWD). */
    INIT_CWD: z.string().optional(),
  })
  .superRefine((e, ctx) => {
    if (e.SECRETS_KEY && !/^([0-9a-f]{64}|[A-Za-z0-9+/]{43}=)$/i.test(e.SECRETS_KEY.trim()))
      ctx.addIssue({ code: 'custom', path: ['SECRETS_KEY'], message: '32 bytes as 64 hex digits or base64 (e.g. `openssl rand -hex 32`)' });
    if (e.HOROSHOP_API_URL && !/^https?:\/\/\S*\{domain\}/.test(e.HOROSHOP_API_URL))
      ctx.addIssue({ code: 'custom', path: ['HOROSHOP_API_URL'], message: 'an http(s) URL with {domain} in it, e.g. https://{domain}/api' });
    // A real carrier without a key answers every waybill call "API key is invalid": refuse to start instead (any NODE_ENV).
    if (e.NP_API_URL && !e.NP_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['NP_API_KEY'],
        message:
          "required when NP_API_URL is set (the key of the sender's Nova Poshta business account, from its cabinet: " +
          'Налаштування → Безпека → API-ключ); unset NP_API_URL to use the built-in emulator outside production',
      });
      return;
    }
    // Production talks to the real carrier: no emulator (anyone could mark parcels delivered) unless asked for.
    if (e.NODE_ENV === 'production' && !e.NP_EMULATOR && (!e.NP_API_URL || !e.NP_API_KEY)) {
      const missing = [!e.NP_API_URL && 'NP_API_URL', !e.NP_API_KEY && 'NP_API_KEY'].filter(Boolean).join(' and ');
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message:
          'required with NODE_ENV=production (the Nova Poshta JSON API, https://api.novaposhta.ua/v2.0/json/, and your key); ' +
          'NP_EMULATOR=1 mounts the built-in emulator instead (benchmarks and demos only, never a real deployment)',
      });
    }
  })
  .transform((e) => ({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    /** Connection, greeting and socket-idle timeout of SMTP deliveries in ms. */
    smtpTimeoutMs: Math.round(e.SMTP_TIMEOUT_SECONDS * 1000),
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    operatorEmail: e.OPERATOR_EMAIL?.toLowerCase(),
    operatorPassword: e.OPERATOR_PASSWORD,
    demoProducts: e.DEMO_PRODUCTS,
    /** Demo products show the photographic pool (true) or SVGs drawn on request. */
    demoPictures: e.DEMO_PICTURES,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(root, 'apps/web/dist'),
    trustProxy: e.TRUST_PROXY,
    /** Where orders are reserved (DESIGN.md section 4). */
    reservationSystem: e.RESERVATION_SYSTEM,
    /** 1C HTTP service for `onec-http` (credentials in the URL are sent as basic auth). */
    onecUrl: e.ONEC_URL,
    /** Timeout of one 1C call in ms. */
    onecTimeoutMs: Math.round(e.ONEC_TIMEOUT_SECONDS * 1000),
    /** Nova Poshta JSON API; unset = the built-in emulator on this server. */
    npApiUrl: e.NP_API_URL,
    npApiKey: e.NP_API_KEY,
    /** Nova Poshta's print service (printMarking100x100); unset with NP_API_URL unset = the emulator's. */
    npPrintUrl: e.NP_PRINT_URL ?? (e.NP_API_URL ? 'https://my.novaposhta.ua' : undefined),
    /**
     * The built-in emulator is mounted (at /emulators/novaposhta) and used: outside production when
     * NP_API_URL is unset; in production only with NP_EMULATOR=1 (benchmarks, demos).
     */
    npEmulator: !e.NP_API_URL && (e.NODE_ENV !== 'production' || e.NP_EMULATOR),
    /** The emulator moves a parcel one NP status code per this many seconds; 0 = only its control endpoint moves parcels. */
    npEmulatorStepSeconds: e.NP_EMULATOR_STEP_SECONDS,
    /** The marketplace emulators are mounted (at /emulators/prom, /emulators/rozetka, /emulators/horoshop) and used where no URL is set. */
    marketplaceEmulators: e.NODE_ENV !== 'production' || e.MARKETPLACE_EMULATORS,
    marketplaceUrls: { prom: e.PROM_API_URL, rozetka: e.ROZETKA_API_URL, horoshop: e.HOROSHOP_API_URL },
    marketplacePollSeconds: e.MARKETPLACE_POLL_SECONDS,
    secretsKey: e.SECRETS_KEY,
    /** How often the tracking job asks the carrier about parcels on their way, in seconds. */
    trackingIntervalSeconds: e.TRACKING_INTERVAL_SECONDS,
    /** Pusher-style channel authorisation: `key:hmac_sha256(secret, socket_id:channel)`. */
    realtimeKey: e.REALTIME_KEY,
    /** Shared by every API process (random per process when unset). */
    realtimeSecret: e.REALTIME_SECRET,
    /** Rate limits (per window). Tests may lower them. */
    limits: { loginPerEmail: 10, loginPerIp: e.RATE_LIMIT_PER_IP, codePerEmail: 10, codePerIp: e.RATE_LIMIT_PER_IP, windowSeconds: 600 },
    /** How often due feed builds are queued, in seconds. */
    feedScheduleSeconds: e.FEED_SCHEDULE_SECONDS,
    /** pg-boss polling interval in seconds. */
    jobPollSeconds: 1,
    /** First retry delay of a failed job in seconds (exponential backoff after it). */
    jobRetryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
    /** A token ends when unused this long, and this long after it was issued (ms): SESSION_IDLE_DAYS, SESSION_MAX_DAYS. */
    session: { idleMs: Math.round(e.SESSION_IDLE_DAYS * 86_400_000), maxMs: Math.round(e.SESSION_MAX_DAYS * 86_400_000) },
  }));

export type Config = z.output<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset.
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
