// hotel-affiliate: the command line of the service, using the same configuration (environment
// variables) as the server.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { demoCommand } from './commands/demo-command.js';
import { demoPhotoBase } from '../catalog/demo-photos.js';
import { GazetteerUsageError, gazetteerCommand } from './commands/gazetteer-command.js';
import { importCommand } from './commands/import-command.js';
import { keysCommand, KeysUsageError } from './commands/keys-command.js';

const USAGE = `Usage: hotel-affiliate <command>

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
  keys list [--json]          List keys (never secret ones; publishable ones are shown) and
                              each key's calls today (UTC).
  keys usage KEY_ID [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--group-by day,operation,sub_id] [--json]
                              What the service did for a key, as GET /usage reports it (default:
                              the last 7 days, by day). The last few seconds a running server
                              counted are written to the database every USAGE_FLUSH_SECONDS.
  keys revoke KEY_ID          Refuse the key from the next request on.
  keys set-tier KEY_ID TIER   Move a key to the standard or partner tier.
  keys set-origins KEY_ID ORIGIN [ORIGIN ...]
                              Replace a publishable key's origins, from the next request on.
  gazetteer load --cities FILE [--alternate-names FILE] [--admin1 FILE]
                              Use the cities of a GeoNames dump (cities500.txt ... cities15000.txt,
                              allCountries.txt or per-country files; both options may be repeated),
                              with alternateNamesV2.txt and admin1CodesASCII.txt, instead of the
                              bundled ones, and its well-known islands, areas, lakes and sights;
                              servers use it from their next start.
  gazetteer reset             Go back to the bundled gazetteer.
  serve                       Run the HTTP service (as npm start does).
  mcp                         Run the MCP server over stdio; its tools call the HTTP service at
                              HOTEL_AFFILIATE_URL with the key in HOTEL_AFFILIATE_KEY (if any).

Configuration comes from environment variables (DATA_DIR, DATABASE_URL, ...); see the README.`;

function positiveInteger(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${name} must be a positive integer (got ${JSON.stringify(text)})`);
  return Number(text);
}

class UsageError extends Error {}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'import': {
      const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
      if (positionals.length !== 1) throw new UsageError('import takes one FILE');
      return importCommand(loadConfig(), positionals[0]);
    }
    case 'demo': {
      const { values } = parseArgs({
        args: rest,
        options: { count: { type: 'string' }, out: { type: 'string' } },
        strict: true,
      });
      return demoCommand(positiveInteger(values.count, '--count'), values.out, demoPhotoBase(loadConfig()));
    }
    case 'keys':
      return keysCommand(loadConfig(), rest);
    case 'gazetteer':
      return gazetteerCommand(loadConfig(), rest);
    case 'mcp':
      if (rest.length > 0) throw new UsageError('mcp takes no arguments; it is configured by HOTEL_AFFILIATE_URL and HOTEL_AFFILIATE_KEY');
      // Loaded only here: the MCP SDK is not needed by the other commands.
      return (await import('./commands/mcp-command.js')).mcpCommand(loadConfig());
    case 'serve':
      await import('../main.js');
      return -1;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    if (
      error instanceof UsageError ||
      error instanceof KeysUsageError ||
      error instanceof GazetteerUsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else if (error instanceof ConfigError) {
      console.error(error.message);
      process.exitCode = 2;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  },
);
