// Configuration from environment variables, checked at start with a clear message for a bad
// value. The schema is the list documented in docs/configuration.md (scripts/write-reference.mjs).
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import Type, { type Static } from 'typebox';
import { ServiceError } from './errors.js';
import { parseTextFields } from './validation/fields.js';

/** The most serving threads: the setting's maximum, and what its default (0) gives at most. */
const MAX_HTTP_THREADS = 64;

const Host = (fallback: string, description: string) =>
  Type.String({
    default: fallback,
    pattern: '^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$',
    'x-rule': 'a lower-case host name such as www.stays.example',
    description,
  });

const ParamName = (fallback: string, description: string) =>
  Type.String({ default: fallback, pattern: '^[A-Za-z0-9_.-]{1,40}$', 'x-rule': '1 to 40 letters, digits, ".", "_" or "-"', description });

export const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080, description: 'HTTP port.' }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0', description: 'Interface to listen on.' }),
  METRICS_PORT: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 65535,
      description: 'A port of its own for GET /metrics (on HOST), which PORT then no longer serves: expose it to your monitoring only. Without it /metrics is on PORT.',
    }),
  ),
  DATA_DIR: Type.String({ minLength: 1, default: './data', description: 'Where the embedded database lives.' }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    description: 'fatal … trace, or silent; logs are JSON lines (pino) on standard output, one per answer.',
  }),
  PUBLIC_BASE_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s/?#]+(?:/[^\\s?#]*[^\\s?#/])?$',
      'x-rule': 'an http(s) URL without a trailing slash, query or fragment',
      description: 'The address callers reach the service at, for the servers of the OpenAPI document.',
    }),
  ),
  SERVICE_NAME: Type.String({ minLength: 1, maxLength: 100, default: 'Example Stays', description: 'Credited as "Book on <name>".' }),
  MAIN_SITE: Host('www.stays.example', 'Host of the main booking site.'),
  TRAVEL_SITE: Host('travel.stays.example', 'Host of the travel site.'),
  AFFILIATE_PARAM: ParamName('aff', 'Query parameter carrying the affiliate code on links.'),
  SUB_ID_PARAM: ParamName('utm_content', 'Query parameter carrying sub_id on links.'),
  LANG_PARAM: ParamName('lang', "Query parameter carrying the traveller's language (lang) on links."),
  CURRENCY_PARAM: ParamName('currency', "Query parameter carrying the traveller's currency (currency) on links."),
  AFFILIATE_SIGNUP_URL: Type.String({
    pattern: '^https?://\\S+$',
    'x-rule': 'an http(s) URL',
    default: 'https://www.stays.example/affiliates',
    description: 'Where to apply for a key; named in messages to keyless callers.',
  }),
  DEMO_CATALOG: Type.Boolean({ default: true, description: 'Build the demo catalog on start when the catalog is empty.' }),
  DEMO_HOTELS: Type.Integer({ minimum: 1, maximum: 5_000_000, default: 50_000, description: 'Hotels in the demo catalog.' }),
  CATALOG_POLL_SECONDS: Type.Number({
    minimum: 0,
    maximum: 3600,
    default: 2,
    description: 'How often a running server checks for a newly imported catalog; 0 never.',
  }),
  SAVED_INDEXES: Type.Boolean({
    default: true,
    description:
      'Keep each built catalog index in DATA_DIR/indexes (an import writes it) and start from it instead of building it again: about 1 s instead of 10 at a million hotels.',
  }),
  LIMIT_KEYLESS_PER_HOUR: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 30, description: 'Calls an hour per IP without a key.' }),
  LIMIT_STANDARD_PER_DAY: Type.Integer({ minimum: 1, maximum: 100_000_000, default: 2000, description: 'Calls a day per standard key.' }),
  LIMIT_PARTNER_PER_DAY: Type.Integer({ minimum: 1, maximum: 100_000_000, default: 20_000, description: 'Calls a day per partner key.' }),
  TRUSTED_PROXIES: Type.Optional(
    Type.String({
      pattern: '^[0-9A-Fa-f:./]+(?:\\s*,\\s*[0-9A-Fa-f:./]+)*$',
      'x-rule': 'a comma-separated list of IP addresses or CIDR ranges',
      description: 'Proxies whose X-Forwarded-For is believed; without them the socket address counts.',
    }),
  ),
  DATABASE_URL: Type.Optional(
    Type.String({ pattern: '^postgres(ql)?://\\S+$', 'x-rule': 'a postgres:// URL', description: 'postgres://…: the catalog, keys and usage in PostgreSQL instead of the SQLite file under DATA_DIR; instances sharing it (and REDIS_URL) behave as one service.' }),
  ),
  DATABASE_POOL_MAX: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 10,
    description:
      'With DATABASE_URL: PostgreSQL connections each serving thread may hold (a pool per thread), so an instance holds up to HTTP_THREADS times this; budget it against max_connections (docs/operations.md).',
  }),
  DATABASE_TIMEOUT_MS: Type.Integer({
    minimum: 10,
    maximum: 60_000,
    default: 2000,
    description: 'With DATABASE_URL: how long a read waits for PostgreSQL before the call is answered 503. Usage reports (GET /usage, the console) sum a period of rows and wait at least 10 s.',
  }),
  SQLITE_MAP_MB: Type.Integer({
    minimum: 0,
    maximum: 2047,
    default: 0,
    description:
      'Without DATABASE_URL: how much of the SQLite file hotel detail reads map into memory instead of reading with a system call each; 0 none (2047 is as much as SQLite maps). Mapped, the first read of each page in each serving thread costs a page fault: with hotels opened from across a large catalog that cost more than the system calls (docs/operations.md).',
  }),
  HOT_HOTELS: Type.Integer({
    minimum: 0,
    maximum: 10_000_000,
    default: 20_000,
    description:
      'Hotels whose full records are kept in memory (the most recently opened of those opened again lately; about 1.5 KB each), so that popular hotel pages skip the store; 0 none. A hotel opened once in a while is read each time. With HTTP_THREADS, each thread keeps its share.',
  }),
  USAGE_FLUSH_SECONDS: Type.Number({
    minimum: 0.1,
    maximum: 300,
    default: 5,
    description:
      'How often the usage counted in memory is added to the database; a process killed without stopping loses at most this much.',
  }),
  PLACES_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Key of the Google Places API; with it, place_id also takes Google place ids (ChIJ...).',
    }),
  ),
  PLACES_API_URL: Type.String({
    pattern: '^https?://[^\\s/?#]+(?:/[^\\s?#]*[^\\s?#/])?$',
    'x-rule': 'an http(s) URL without a trailing slash, query or fragment',
    default: 'https://places.googleapis.com',
    description: 'Base URL of the Google Places API (New).',
  }),
  PLACES_TIMEOUT_MS: Type.Integer({
    minimum: 10,
    maximum: 30_000,
    default: 2000,
    description: 'How long a place_id lookup waits for the places API before answering 503.',
  }),
  PLACES_CACHE_SIZE: Type.Integer({
    minimum: 0,
    maximum: 10_000_000,
    default: 100_000,
    description: 'Place ids whose answers are remembered (least recently used forgotten first); 0 none.',
  }),
  REDIS_URL: Type.Optional(
    Type.String({ pattern: '^rediss?://\\S+$', 'x-rule': 'a redis:// URL', description: 'redis://…: allowance counters in Redis, shared by every instance (Redis 5 or later, or Valkey); without it each instance counts alone.' }),
  ),
  REDIS_KEY_PREFIX: Type.String({
    pattern: '^[A-Za-z0-9:_.-]{1,100}$',
    'x-rule': '1 to 100 letters, digits, ":", "_", "." or "-"',
    default: 'hotel-affiliate:',
    description: 'Prefix of every Redis key the service writes.',
  }),
  REDIS_TIMEOUT_MS: Type.Integer({
    minimum: 10,
    maximum: 10_000,
    default: 250,
    description: 'How long a call waits for Redis before it is counted locally instead.',
  }),
  HTTP_THREADS: Type.Integer({
    minimum: 0,
    maximum: MAX_HTTP_THREADS,
    default: 0,
    description:
      'Threads answering HTTP calls on PORT, in one process sharing one copy of the catalog index. 0: one per processor the instance may use, as Node.js counts them (os.availableParallelism(): the processors it may run on and a cgroup CPU quota, rounded down), at most 64. On 2 processors 2 threads answered 1.2-1.4 times the calls of 1 at a million hotels, with the load generator on the same 2. Each thread past the first costs about 300 MB at a million hotels (its own heap and gazetteer objects), more under load: set it where memory is tight. Allowances stay exact.',
  }),
  SHUTDOWN_DELAY_SECONDS: Type.Number({
    minimum: 0,
    maximum: 300,
    default: 5,
    description: 'On SIGTERM: how long the instance keeps answering while readiness reports unready, so load balancers stop sending calls first.',
  }),
  SHUTDOWN_TIMEOUT_SECONDS: Type.Number({
    minimum: 0,
    maximum: 600,
    default: 20,
    description: 'Then: how long calls in flight may take to finish before the remaining connections are closed and the process exits.',
  }),
  HOTEL_AFFILIATE_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s/?#]+(?:/[^\\s?#]*[^\\s?#/])?$',
      'x-rule': 'an http(s) URL without a trailing slash, query or fragment',
      description: 'For `hotel-affiliate mcp`: the service its tools call; by default PUBLIC_BASE_URL, else http://127.0.0.1:PORT.',
    }),
  ),
  HOTEL_AFFILIATE_KEY: Type.Optional(
    // Not checked here: a stock MCP client shows nothing of a server that exits at start, so
    // a malformed key is told to the agent in each tool call's answer instead.
    Type.String({ description: 'For `hotel-affiliate mcp`: the API key its calls carry; without it they are keyless.' }),
  ),
});

export type Config = Static<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Reads the configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`PUBLIC_BASE_URL=`) means unset, as shells and .env files use it.
  const set = Object.fromEntries(Object.entries(env).filter(([name, value]) => value !== '' && name in ConfigSchema.properties));
  let config: Config;
  try {
    config = parseTextFields(ConfigSchema, set, { noun: 'environment variable', rejectUnknown: false, applyDefaults: true });
  } catch (error) {
    if (error instanceof ServiceError) throw new ConfigError(`configuration: ${error.message}`);
    throw error;
  }
  if (config.HTTP_THREADS === 0) config.HTTP_THREADS = Math.min(MAX_HTTP_THREADS, availableParallelism());
  for (const entry of trustedProxyList(config)) {
    const problem = cidrProblem(entry);
    if (problem) throw new ConfigError(`configuration: TRUSTED_PROXIES: ${JSON.stringify(entry)} ${problem}`);
  }
  return config;
}

/**
 * What a production server needs beyond each setting's rule (NODE_ENV=production, as the image
 * sets it): the public address, so that no document names an address a request made up.
 */
export function checkProductionServer(config: Config, env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV === 'production' && config.PUBLIC_BASE_URL === undefined) {
    throw new ConfigError(
      'configuration: PUBLIC_BASE_URL: must be set when NODE_ENV=production: the address callers reach the service at, ' +
        'named by the OpenAPI document, the MCP metadata and the widget page (without it they would name whatever Host a request carries)',
    );
  }
}

export function trustedProxyList(config: Pick<Config, 'TRUSTED_PROXIES'>): string[] {
  return config.TRUSTED_PROXIES?.split(',').map((p) => p.trim()) ?? [];
}

/** Why an entry is not an IP address or CIDR range, or null when it is one. */
function cidrProblem(entry: string): string | null {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return 'is not an IP address or CIDR range';
  if (bits === undefined) return null;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max ? null : `has a prefix length that is not 0 to ${max}`;
}

/** Wraps the opening of a configured resource: a failure stops the start with the setting to fix. */
export function configurationFailure(name: keyof Config, what: string, error: unknown): ConfigError {
  const { code, message } = error as { code?: string; message?: string };
  // "EADDRINUSE: address already in use …", whether or not the message starts with its code.
  const at = code && message ? message.indexOf(code) : -1;
  const reason = at >= 0 ? message!.slice(at) : code && message ? `${code}: ${message}` : (message ?? code ?? String(error));
  return new ConfigError(`configuration: ${name}: ${what} (${reason})`);
}
