// What `hotel-affiliate help` prints: the one description of the command line, which
// docs/operations.md shows as generated from it (scripts/write-reference.mjs).
export const USAGE = `Usage: hotel-affiliate <command>

Commands:
  import FILE                 Replace the catalog with an NDJSON feed (one hotel a line), atomically.
                              A bad line stops the import; the catalog in use stays as it was.
  demo [--count N] [--out F]  Write the invented demo catalog as an NDJSON feed (default 50000 hotels, stdout).
  keys create --tier standard|partner --code AFFILIATE_CODE [--label TEXT]
                              Create a secret API key; it is printed once, alone on stdout.
  keys create --publishable --origin https://blog.example [--origin ...] --tier TIER --code CODE
              [--visitor-limit N] [--label TEXT]
                              Create a publishable key (live_pk_...) for web pages on those origins
                              (https://*.blog.example takes its subdomains); each visitor may make
                              N calls an hour under it (default 60), all of them the tier's day.
  keys create --operator --label NAME
                              Create an operator key (live_op_...) for the admin API (/admin/v1);
                              it is printed once, alone on stdout. It works nowhere else.
  keys list [--json]          List keys (never secret ones; publishable ones are shown) and
                              each key's calls today (UTC).
  keys list --operators [--json]
                              List operator keys (never their secrets).
  keys usage KEY_ID [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--group-by day,operation,sub_id] [--json]
                              What the service did for a key, as GET /usage reports it (default:
                              the last 7 days, by day). The last few seconds a running server
                              counted are written to the database every USAGE_FLUSH_SECONDS.
  keys usage --code AFFILIATE_CODE [--from ...] [--to ...] [--group-by ...] [--json]
                              The same for every key of an affiliate, revoked ones included.
  keys revoke KEY_ID          Refuse the key (key_... or an operator key's op_...) from the next
                              request on.
  keys set-tier KEY_ID TIER   Move a key to the standard or partner tier.
  keys set-origins KEY_ID ORIGIN [ORIGIN ...]
                              Replace a publishable key's origins, from the next request on.
  keys audit [--code AFFILIATE_CODE] [--key KEY_ID] [--limit N] [--before SEQ] [--json]
                              Key changes, newest first: who (cli:USER, operator:ID, key:ID,
                              console:ID), what, when and from which address. Changes made here
                              are recorded as cli:USER; the caps of the API apply to them.
  gazetteer load --cities FILE [--alternate-names FILE] [--admin1 FILE]
                              Use the cities of a GeoNames dump (cities500.txt ... cities15000.txt,
                              allCountries.txt or per-country files; both options may be repeated),
                              with alternateNamesV2.txt and admin1CodesASCII.txt, instead of the
                              bundled ones, and its well-known islands, areas, lakes and sights;
                              servers use it from their next start.
  gazetteer reset             Go back to the bundled gazetteer.
  serve                       Run the HTTP service (as npm start does, but for npm start's caps of
                              each thread's heap: give node --max-old-space-size=1024
                              --max-semi-space-size=16 yourself).
  mcp                         Run the MCP server over stdio; its tools call the HTTP service at
                              HOTEL_AFFILIATE_URL with the key in HOTEL_AFFILIATE_KEY (if any).

Configuration comes from environment variables (DATA_DIR, DATABASE_URL, ...); see docs/configuration.md.`;
