// Steady load through a load balancer: a few clients, each with one keep-alive connection (as an
// affiliate's server holds them), calling back to back. Every call is recorded with the phase it
// started in, so that a test can count what clients saw during a roll or a crash.
import { Agent, request } from 'node:http';

export interface PlannedCall {
  /** What the call is, for the figures ("search", "links"...). */
  op: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface CallRecord {
  phase: string;
  op: string;
  method: string;
  /** The answer's status, or null when no answer came (the error says why). */
  status: number | null;
  error?: string;
  ms: number;
  path: string;
}

export interface PhaseFigures {
  phase: string;
  calls: number;
  failures: number;
  /** Failed calls by method and what they got ("POST 502", "GET ECONNRESET"). */
  failedBy: Record<string, number>;
  posts: number;
  postsFailed: number;
  p50: number;
  p99: number;
}

/** A call whose connection stays silent this long fails as "timeout": a guard against a hang. */
const CALL_TIMEOUT_MS = 20_000;

export interface CallOutcome {
  /** The answer's status, or null when no answer came. */
  status: number | null;
  /** Why no answer came (ECONNRESET, timeout...). */
  error?: string;
}

/** Makes one call on the agent's connection, or on a connection of its own (`agent` false). */
export function call(agent: Agent | false, baseUrl: string, planned: PlannedCall): Promise<CallOutcome> {
  return new Promise((resolve) => {
    const req = request(`${baseUrl}${planned.path}`, { method: planned.method, agent, headers: planned.headers, timeout: CALL_TIMEOUT_MS }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve({ status: res.statusCode! }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ status: null, error: error.code ?? error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: null, error: error.code ?? error.message }));
    req.end(planned.body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export class ProxyLoad {
  /** The phase new calls are recorded under; the test moves it along. */
  phase = 'idle';
  readonly records: CallRecord[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private readonly agents: Agent[];
  /** Calls each client has sent, across starts: the plan numbers them on. */
  private readonly sent: number[];

  constructor(
    private readonly baseUrl: string,
    /** The `n`th call of client `client`. */
    private readonly plan: (client: number, n: number) => PlannedCall,
    /** Which statuses a call may answer with and still count as served. */
    private readonly expected: (planned: PlannedCall, status: number) => boolean,
    clients = 8,
  ) {
    this.agents = Array.from({ length: clients }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    this.sent = this.agents.map(() => 0);
  }

  start(phase: string): void {
    this.phase = phase;
    if (this.running) return;
    this.running = true;
    this.workers = this.agents.map(async (agent, client) => {
      while (this.running) {
        const planned = this.plan(client, this.sent[client]++);
        const phaseAtStart = this.phase;
        const started = performance.now();
        const outcome = await call(agent, this.baseUrl, planned);
        const ms = performance.now() - started;
        const failed = outcome.status === null || !this.expected(planned, outcome.status);
        this.records.push({
          phase: phaseAtStart,
          op: planned.op,
          method: planned.method,
          status: outcome.status,
          ...(failed ? { error: outcome.error ?? `status ${outcome.status}` } : {}),
          ms,
          path: planned.path,
        });
      }
    });
  }

  /** Stops sending and waits for the calls under way to be answered. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  destroy(): void {
    this.running = false;
    for (const agent of this.agents) agent.destroy();
  }

  failures(phase: string): CallRecord[] {
    return this.records.filter((r) => r.phase === phase && r.error !== undefined);
  }

  figures(phase: string): PhaseFigures {
    const records = this.records.filter((r) => r.phase === phase);
    const failed = records.filter((r) => r.error !== undefined);
    const failedBy: Record<string, number> = {};
    for (const r of failed) failedBy[`${r.method} ${r.status ?? r.error}`] = (failedBy[`${r.method} ${r.status ?? r.error}`] ?? 0) + 1;
    const times = records.map((r) => r.ms).sort((a, b) => a - b);
    const posts = records.filter((r) => r.method === 'POST');
    return {
      phase,
      calls: records.length,
      failures: failed.length,
      failedBy,
      posts: posts.length,
      postsFailed: posts.filter((r) => r.error !== undefined).length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
    };
  }
}

/** One line of figures for the test's output. */
export function describeFigures(f: PhaseFigures): string {
  const failedBy = Object.keys(f.failedBy).length > 0 ? ` (${Object.entries(f.failedBy).map(([k, v]) => `${k}: ${v}`).join(', ')})` : '';
  return `${f.phase.padEnd(7)} ${String(f.calls).padStart(6)} calls (${f.posts} POST), ${f.failures} failed${failedBy}, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms`;
}
