// The hotel-affiliate CLI as a running process a test can watch and signal: wait for a line
// of its output (an import's progress), pause it, let it go on, or kill it half way.
import { spawn, type ChildProcess } from 'node:child_process';

export interface CliExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout or stderr has printed text matching the pattern; rejects if the process ends first. */
  printed(pattern: RegExp): Promise<void>;
  /** Sends a signal: SIGSTOP pauses the process where it is, SIGCONT lets it go on. */
  signal(signal: NodeJS.Signals): void;
  exited: Promise<CliExit>;
}

/** Starts `hotel-affiliate ARGS` on a data directory and, when given, a test service's database. */
export function startCli(dataDir: string, args: string[], databaseEnv: Record<string, string> = {}): CliProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    // An import's saving of its index (seconds of a child's CPU) is tested in saved-indexes.test.ts.
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SAVED_INDEXES: 'false', ...databaseEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const watchers = new Set<() => void>();
  const changed = () => watchers.forEach((check) => check());
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
    changed();
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
    changed();
  });
  let ended = false;
  const exited = new Promise<CliExit>((resolve) => {
    child.on('close', (code, signal) => {
      ended = true;
      changed();
      resolve({ code, signal, stdout, stderr });
    });
  });
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    printed(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(stdout) || pattern.test(stderr)) {
            watchers.delete(check);
            resolve();
          } else if (ended) {
            watchers.delete(check);
            reject(new Error(`the CLI ended without printing ${pattern}:\n${stdout}${stderr}`));
          }
        };
        watchers.add(check);
        check();
      });
    },
    signal(signal) {
      child.kill(signal);
    },
    exited,
  };
}
