// Where a worker thread's code is, beside the file that starts it: compiled JavaScript, or the
// TypeScript source where the service itself runs as such (tests). TypeScript sources import
// each other as ".js", which only tsx resolves: a source thread started from a process that
// did not load tsx (Vitest's workers) loads it itself.
import type { WorkerOptions } from 'node:worker_threads';

export function threadEntry(from: string, name: string): { url: URL; options: WorkerOptions } {
  const source = from.endsWith('.ts');
  const url = new URL(`./${name}.${source ? 'ts' : 'js'}`, from);
  const hasTsx = process.execArgv.some((arg, k) => arg === 'tsx' && process.execArgv[k - 1] === '--import');
  return { url, options: source && !hasTsx ? { execArgv: [...process.execArgv, '--import', 'tsx'] } : {} };
}
