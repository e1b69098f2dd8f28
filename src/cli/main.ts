// hotel-affiliate: the command line of the service, using the same configuration (environment
// variables) as the server.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { demoCommand } from './commands/demo-command.js';
import { demoPhotoBase } from '../catalog/demo-photos.js';
import { GazetteerUsageError, gazetteerCommand } from './commands/gazetteer-command.js';
import { importCommand } from './commands/import-command.js';
import { keysCommand, KeysUsageError } from './commands/keys-command.js';
import { USAGE } from './usage.js';



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
