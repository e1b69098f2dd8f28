// Runs the hotel-affiliate CLI in its own process, as an operator would, on a test's data.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI on a data directory and, when given, the database environment of a test service. */
export function runCli(dataDir: string, args: string[], databaseEnv: Record<string, string> = {}): Promise<CliResult> {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    // An import's saving of its index (seconds of a child's CPU) is tested in saved-indexes.test.ts.
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SAVED_INDEXES: 'false', ...databaseEnv },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}
