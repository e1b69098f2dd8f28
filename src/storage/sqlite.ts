// The embedded database: one SQLite file under DATA_DIR holding the catalog, the keys, and the
// allowance counts of a stopped instance.
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { makeDirectories } from './directories.js';

export type SqliteDatabase = Database.Database;

/** The schema, one step per release that changed it; exported for the migration test. */
export const MIGRATIONS: string[] = [
  `CREATE TABLE catalog_state (
     singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
     generation INTEGER NOT NULL,
     hotel_count INTEGER NOT NULL,
     imported_at TEXT NOT NULL,
     source TEXT NOT NULL
   );
   CREATE TABLE hotels (
     generation INTEGER NOT NULL,
     id TEXT NOT NULL,
     name TEXT NOT NULL,
     stars REAL,
     rating REAL,
     review_count INTEGER,
     address TEXT NOT NULL,
     city TEXT NOT NULL,
     country_code TEXT NOT NULL,
     latitude REAL NOT NULL,
     longitude REAL NOT NULL,
     description TEXT NOT NULL,
     photo_url TEXT,
     photos TEXT NOT NULL,
     amenities TEXT NOT NULL,
     PRIMARY KEY (generation, id)
   );`,
  `CREATE TABLE api_keys (
     id TEXT PRIMARY KEY,
     secret_hash TEXT NOT NULL UNIQUE,
     tier TEXT NOT NULL CHECK (tier IN ('standard', 'partner')),
     affiliate_code TEXT NOT NULL,
     label TEXT,
     created_at TEXT NOT NULL,
     revoked_at TEXT
   );`,
  // Allowance counts kept across a restart of an instance that counts on its own (no Redis).
  `CREATE TABLE allowance_counts (
     counter TEXT PRIMARY KEY,
     used INTEGER NOT NULL,
     expires_at_ms INTEGER NOT NULL
   );`,
  // Publishable keys: a browser's key, bound to origins, with an hourly allowance per visitor.
  `ALTER TABLE api_keys ADD COLUMN kind TEXT NOT NULL DEFAULT 'secret' CHECK (kind IN ('secret', 'publishable'));
   ALTER TABLE api_keys ADD COLUMN origins TEXT;
   ALTER TABLE api_keys ADD COLUMN visitor_limit INTEGER;
   ALTER TABLE api_keys ADD COLUMN publishable_key TEXT;`,
  // What the service did for each key, by UTC day, operation and sub_id ('' none): usage reports.
  `CREATE TABLE usage_counts (
     key_id TEXT NOT NULL,
     day TEXT NOT NULL,
     operation TEXT NOT NULL,
     sub_id TEXT NOT NULL,
     calls INTEGER NOT NULL,
     refused INTEGER NOT NULL,
     failed INTEGER NOT NULL,
     hotels_shown INTEGER NOT NULL,
     links INTEGER NOT NULL,
     PRIMARY KEY (key_id, day, operation, sub_id)
   ) WITHOUT ROWID;
   CREATE INDEX usage_counts_by_day ON usage_counts (day);`,
  // Affiliates serve themselves: keys found by their code, rolled keys' grace, secret keys' hints,
  // operators' keys for the admin API, the audit of every key change, and console sessions.
  `ALTER TABLE api_keys ADD COLUMN expires_at TEXT;
   ALTER TABLE api_keys ADD COLUMN hint TEXT;
   CREATE INDEX api_keys_by_code ON api_keys (affiliate_code);
   CREATE TABLE operator_keys (
     id TEXT PRIMARY KEY,
     secret_hash TEXT NOT NULL UNIQUE,
     label TEXT NOT NULL,
     created_at TEXT NOT NULL,
     revoked_at TEXT
   );
   CREATE TABLE key_audit (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     at TEXT NOT NULL,
     actor TEXT NOT NULL,
     action TEXT NOT NULL,
     key_id TEXT,
     affiliate_code TEXT,
     address TEXT,
     details TEXT NOT NULL
   );
   CREATE INDEX key_audit_by_code ON key_audit (affiliate_code, seq);
   CREATE TABLE console_sessions (
     token_hash TEXT PRIMARY KEY,
     key_id TEXT NOT NULL,
     csrf_token TEXT NOT NULL,
     created_at TEXT NOT NULL,
     seen_at TEXT NOT NULL
   );
   CREATE INDEX console_sessions_by_key ON console_sessions (key_id);`,
  // Usage by key, day and operation, whatever the sub_id: what charts and reports not by sub_id
  // read (a year of a busy affiliate is 50 times fewer rows). Made from what is kept so far.
  `CREATE TABLE usage_daily (
     key_id TEXT NOT NULL,
     day TEXT NOT NULL,
     operation TEXT NOT NULL,
     calls INTEGER NOT NULL,
     refused INTEGER NOT NULL,
     failed INTEGER NOT NULL,
     hotels_shown INTEGER NOT NULL,
     links INTEGER NOT NULL,
     PRIMARY KEY (key_id, day, operation)
   ) WITHOUT ROWID;
   CREATE INDEX usage_daily_by_day ON usage_daily (day);
   INSERT INTO usage_daily (key_id, day, operation, calls, refused, failed, hotels_shown, links)
     SELECT key_id, day, operation, SUM(calls), SUM(refused), SUM(failed), SUM(hotels_shown), SUM(links)
     FROM usage_counts GROUP BY key_id, day, operation;`,
];

export function sqliteFile(dataDir: string): string {
  return join(resolve(dataDir), 'hotel-affiliate.sqlite');
}

/** Opens (creating if needed) the database under `dataDir` and brings its schema up to date. */
export function openSqlite(dataDir: string): SqliteDatabase {
  makeDirectories(dataDir);
  const db = new Database(sqliteFile(dataDir));
  // WAL lets the server read while an import writes; the busy timeout queues writers.
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  db.pragma('synchronous = NORMAL');
  // Re-read the version inside each write transaction: a server and a CLI may start together.
  const step = db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version >= MIGRATIONS.length) return false;
    db.exec(MIGRATIONS[version]);
    db.pragma(`user_version = ${version + 1}`);
    return true;
  });
  // A schema already up to date is only read: opening (a server starting, a CLI command) must
  // not queue for the write lock behind an import that holds it for minutes.
  while ((db.pragma('user_version', { simple: true }) as number) < MIGRATIONS.length && step.immediate()) {
    // one migration per transaction
  }
  return db;
}
