// Where a worker thread's code is, beside the file that starts it: compiled JavaScript, or the
// TypeScript source where the service itself runs as such (tests). TypeScript sources import
// each other as ".js", which only tsx resolves: a source thread started from a process that
// did not load tsx (Vitest's workers) loads it itself.
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function threadEntry(from: string, name: string): { url: URL; options: WorkerOptions } {
  const source = from.endsWith('.ts');
  const url = new URL(`./${name}.${source ? 'ts' : 'js'}`, from);
  const hasTsx = process.execArgv.some((arg, k) => arg === 'tsx' && process.execArgv[k - 1] === '--import');
  return { url, options: source && !hasTsx ? { execArgv: [...process.execArgv, '--import', 'tsx'] } : {} };
}

/**
 * Runs a thread that does one piece of work and posts one answer: resolves with the answer, and
 * rejects when the thread fails or ends without one (`what` names the work in that message).
 */
export function answerOfThread<Answer>(entry: { url: URL; options: WorkerOptions }, workerData: unknown, what: string): Promise<Answer> {
  const worker = new Worker(entry.url, { ...entry.options, workerData });
  return new Promise((resolve, reject) => {
    let answered = false;
    worker.once('message', (answer: Answer) => {
      answered = true;
      resolve(answer);
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the thread ${what} ended with code ${code}`));
    });
  });
}
