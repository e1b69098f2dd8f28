// The service as npm start runs it, in its own process (`src/main.ts` under tsx), its log read
// line by line: for tests of what only a whole process shows (signals, threads, ports).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { startNodeFlags } from '../../src/start-flags.js';
import { withSeededPlaces } from './seed-places.js';

export interface LogLine {
  msg: string;
  [field: string]: unknown;
}

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  logs: LogLine[];
  /** The exit code, once the process has ended and its output has been read. */
  exited: Promise<number | null>;
}

/**
 * Every service process a test started and that has not ended: killed when the test process
 * exits, so that a test whose hook timed out before it could stop its service (a busy machine)
 * leaves no server running behind it.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts the service with `env` over the test's own environment, and npm start's Node flags and
 * then `nodeFlags` (the last of a flag given twice counts), and waits until it listens (it logs the address).
 */
export async function startServiceProcess(env: Record<string, string>, nodeFlags: string[] = []): Promise<ServiceProcess> {
  if (env.DATA_DIR) withSeededPlaces(env.DATA_DIR);
  const child = spawn(process.execPath, [...startNodeFlags(), ...nodeFlags, '--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', HTTP_THREADS: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const logs: LogLine[] = [];
  // 'close' comes after the output is read to its end, unlike 'exit'.
  const exited = once(child, 'close').then(([code]) => code as number | null);
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const entry = JSON.parse(line) as LogLine;
        logs.push(entry);
        const listening = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(entry.msg);
        if (listening) resolve(listening[1]);
      }
    });
    void exited.then((code) => reject(new Error(`the service exited with ${code} before listening`)));
  });
  return { child, baseUrl, logs, exited };
}

/** Waits until `condition` holds, checking every 10 ms for at most `ms`. */
export async function waitFor(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  for (let waited = 0; waited < ms && !condition(); waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}
