// The Grafana dashboard of deploy/grafana, checked against the service it shows. A dashboard
// fails quietly: a misspelt metric, a label the series do not carry or rate() of a gauge draws an
// empty or wrong panel and no error anywhere. So every PromQL expression of the dashboard is read
// here, and each metric it names is looked up in the /metrics of a real service (with PostgreSQL
// and Redis, so the pool, database and shared-counter gauges exist), with the labels and label
// values it selects. The other way round, every hotel_affiliate_* metric the service exports must
// be drawn by some panel, so that a new metric without a panel is noticed.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { TEST_POSTGRES, testDatabase, usePostgres, type TestDatabase } from './support/test-database.js';
import { startTestService, type TestService } from './support/test-service.js';

const DASHBOARD_FILE = fileURLToPath(new URL('../deploy/grafana/hotel-affiliate-dashboard.json', import.meta.url));
/** Its section in docs/deploy.md, whose table of alerts is checked like the panels. */
const DEPLOY_DOC = fileURLToPath(new URL('../docs/deploy.md', import.meta.url));

/**
 * hotel_affiliate_* metrics the dashboard may leave out, each with the reason. Empty: every metric
 * the service exports has a panel. A metric added here is one nobody will see on the dashboard.
 */
const NOT_ON_THE_DASHBOARD = new Map<string, string>();

/** Labels Prometheus adds to every series it scrapes: never in /metrics, always in queries. */
const SCRAPE_LABELS = new Set(['instance', 'job']);
/** What the panels' and variables' datasource must be: the dashboard's datasource variable. */
const DATASOURCE_UID = '${datasource}';
const GRID_COLUMNS = 24;

// ---- The dashboard: panels and their layout -------------------------------------------------

interface GridPos {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: GridPos;
  collapsed?: boolean;
  panels?: Panel[];
  datasource?: { type: string; uid: string };
  targets?: { refId: string; expr?: string; datasource?: { type: string; uid: string } }[];
}

interface Variable {
  type: string;
  name: string;
  query: unknown;
  definition?: string;
  datasource?: { type: string; uid: string };
}

const dashboardText = readFileSync(DASHBOARD_FILE, 'utf8');
const dashboard = JSON.parse(dashboardText) as { schemaVersion: number; uid: string; title: string; panels: Panel[]; templating: { list: Variable[] } };

/** Every panel: the top-level ones (rows among them) and those inside collapsed rows. */
const allPanels: Panel[] = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
const graphPanels = allPanels.filter((panel) => panel.type !== 'row');

const overlap = (a: GridPos, b: GridPos) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Pairs of panels of one grid whose places overlap, and panels that do not fit its width. */
function layoutProblems(panels: Panel[]): string[] {
  const problems: string[] = [];
  for (const panel of panels) {
    const { x, y, w, h } = panel.gridPos;
    if (![x, y, w, h].every(Number.isInteger) || x < 0 || y < 0 || w < 1 || h < 1 || x + w > GRID_COLUMNS) {
      problems.push(`"${panel.title}" does not fit the grid of ${GRID_COLUMNS} columns: ${JSON.stringify(panel.gridPos)}`);
    }
  }
  for (let i = 0; i < panels.length; i++) {
    for (let j = i + 1; j < panels.length; j++) {
      if (overlap(panels[i].gridPos, panels[j].gridPos)) problems.push(`"${panels[i].title}" and "${panels[j].title}" overlap`);
    }
  }
  return problems;
}

// ---- PromQL: the metrics an expression names, and how -----------------------------------------

/** The PromQL functions and aggregations the dashboard may call; another name is a typo. */
const AGGREGATIONS = new Set(['sum', 'min', 'max', 'avg', 'group', 'stddev', 'stdvar', 'count', 'count_values', 'bottomk', 'topk', 'quantile']);
const FUNCTIONS = new Set([
  ...AGGREGATIONS,
  ...['abs', 'absent', 'ceil', 'changes', 'clamp', 'clamp_max', 'clamp_min', 'delta', 'deriv', 'exp', 'floor', 'histogram_quantile'],
  ...['idelta', 'increase', 'irate', 'label_join', 'label_replace', 'ln', 'log2', 'log10', 'predict_linear', 'rate', 'resets', 'round'],
  ...['scalar', 'sgn', 'sort', 'sort_desc', 'sqrt', 'time', 'timestamp', 'vector'],
  ...['avg_over_time', 'min_over_time', 'max_over_time', 'sum_over_time', 'count_over_time', 'last_over_time', 'quantile_over_time'],
]);
/** Words followed by a list of label names. */
const LABEL_LISTS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);
const KEYWORDS = new Set([...LABEL_LISTS, 'and', 'or', 'unless', 'bool', 'offset', 'atan2', 'inf', 'nan']);
/** The functions a counter (or a histogram's series) is read through: its raw value is its count since start. */
const COUNTER_FUNCTIONS = new Set(['rate', 'irate', 'increase']);

/** A call of a function or aggregation around part of an expression (a `(...)` without a name: ''). */
interface Call {
  name: string;
  /** An aggregation's `by (...)` labels, before or after its parentheses. */
  by?: string[];
}

interface Matcher {
  label: string;
  op: string;
  value: string;
}

/** A metric named in an expression: its selector, and the calls it is inside of (innermost last). */
interface MetricUse {
  name: string;
  matchers: Matcher[];
  within: Call[];
}

interface ScannedQuery {
  uses: MetricUse[];
  /** Labels of `on`, `ignoring`, `group_left`, `group_right` and `without` lists. */
  otherLabels: string[];
  problems: string[];
}

function skipQuoted(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
  if (i >= text.length) throw new Error(`unterminated string in ${text}`);
  return i + 1;
}

/** The position after the bracket closing the one at `start`. */
function closing(text: string, start: number, close: string): number {
  let i = start + 1;
  while (i < text.length && text[i] !== close) i = text[i] === '"' || text[i] === "'" ? skipQuoted(text, i) : i + 1;
  if (i >= text.length) throw new Error(`no ${close} closes the ${text[start]} at ${start} of ${text}`);
  return i + 1;
}

const MATCHER = /([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/g;

/**
 * Reads a PromQL expression (with Grafana's $variables) into the metrics it names. Not a full
 * parser: enough of the grammar for a dashboard's queries, and what it does not know (a brace
 * without a metric name, a function it does not list, unbalanced parentheses) is a problem.
 */
function scanPromql(expr: string): ScannedQuery {
  const uses: MetricUse[] = [];
  const otherLabels: string[] = [];
  const problems: string[] = [];
  const stack: Call[] = [];
  /** An aggregation met before its `by (...)`, waiting for its parenthesis. */
  let pending: Call | null = null;
  /** The call whose parenthesis closed last, for a `by (...)` written after it. */
  let lastClosed: Call | null = null;
  let i = 0;
  const skipSpace = (from: number) => {
    while (from < expr.length && /\s/.test(expr[from])) from++;
    return from;
  };
  while (i < expr.length) {
    const c = expr[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const closed = lastClosed;
    lastClosed = null;
    if (c === '"' || c === "'" || c === '`') i = skipQuoted(expr, i);
    else if (c === '$') {
      // A Grafana variable: $instance, ${datasource}, $__rate_interval.
      i = expr[i + 1] === '{' ? closing(expr, i + 1, '}') : i + 1 + (/^\w*/.exec(expr.slice(i + 1))?.[0].length ?? 0);
    } else if (c === '[') i = closing(expr, i, ']');
    else if (c === '{') {
      problems.push(`a selector without a metric name at ${i}`);
      i = closing(expr, i, '}');
    } else if (c === '(') {
      stack.push(pending ?? { name: '' });
      pending = null;
      i++;
    } else if (c === ')') {
      const call = stack.pop();
      if (!call) throw new Error(`unbalanced ) at ${i} of ${expr}`);
      lastClosed = call;
      i++;
    } else if (/[0-9.]/.test(c)) {
      // A number or a duration: 0.99, 1e3, 5m.
      i += /^(?:0x[0-9a-f]+|[0-9]*\.?[0-9]+(?:e[+-]?[0-9]+)?[a-z]*)/i.exec(expr.slice(i))?.[0].length || 1;
    } else if (/[a-zA-Z_:]/.test(c)) {
      const word = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(expr.slice(i))![0];
      i = skipSpace(i + word.length);
      if (LABEL_LISTS.has(word) && expr[i] === '(') {
        const end = closing(expr, i, ')');
        const labels = expr.slice(i + 1, end - 1).split(',').map((label) => label.trim()).filter(Boolean);
        if (word === 'by' && pending) pending.by = labels;
        else if (word === 'by' && closed && AGGREGATIONS.has(closed.name)) closed.by = labels;
        else if (word === 'by') problems.push(`a by (...) that follows no aggregation at ${i}`);
        else otherLabels.push(...labels);
        i = end;
      } else if (KEYWORDS.has(word)) {
        // An operator or modifier: group_right without a list, and, offset...
      } else if (expr[i] === '(') {
        if (!FUNCTIONS.has(word)) problems.push(`${word}(...) is not a PromQL function or aggregation`);
        stack.push({ name: word });
        i++;
      } else if (AGGREGATIONS.has(word) && /^(by|without)\b/.test(expr.slice(i))) {
        pending = { name: word };
      } else {
        const matchers: Matcher[] = [];
        if (expr[i] === '{') {
          const end = closing(expr, i, '}');
          for (const [, label, op, quoted] of expr.slice(i + 1, end - 1).matchAll(MATCHER)) matchers.push({ label, op, value: quoted.slice(1, -1) });
          i = end;
        }
        uses.push({ name: word, matchers, within: [...stack] });
      }
    } else i++;
  }
  if (stack.length > 0) throw new Error(`unbalanced ( in ${expr}`);
  return { uses, otherLabels, problems };
}

/** Where an expression is in the dashboard, and the expression. */
interface Query {
  where: string;
  expr: string;
}

/** Every PromQL expression of the dashboard: its panels' targets and its query variables. */
function dashboardQueries(): Query[] {
  const queries: Query[] = [];
  for (const panel of graphPanels) {
    for (const target of panel.targets ?? []) {
      if (target.expr !== undefined) queries.push({ where: `panel "${panel.title}" target ${target.refId}`, expr: target.expr });
    }
  }
  for (const variable of dashboard.templating.list.filter((v) => v.type === 'query')) {
    const query = typeof variable.query === 'string' ? variable.query : (variable.query as { query: string }).query;
    // Grafana's label_values(metric, label): the metric, and the label as a grouping.
    const labelValues = /^label_values\((.+),\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\)$/.exec(query.trim());
    if (labelValues) queries.push({ where: `variable ${variable.name}`, expr: `group by (${labelValues[2]}) (${labelValues[1]})` });
    else queries.push({ where: `variable ${variable.name}`, expr: query });
  }
  return queries;
}

/** The PromQL of the alerts table in the Dashboard section of docs/deploy.md: `| when | `expr` | for |` rows. */
function documentedAlerts(): Query[] {
  const doc = readFileSync(DEPLOY_DOC, 'utf8');
  const start = doc.indexOf('\n## Dashboard\n');
  if (start < 0) throw new Error('docs/deploy.md has no Dashboard section');
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end < 0 ? undefined : end);
  // Every row after the header and its rule: a row in another shape would drop out of the check unseen.
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((row) => {
      const cells = /^\| ([^|`]+) \| `([^`]+)` \| [^|]+ \|$/.exec(row);
      if (!cells) throw new Error(`docs/deploy.md: an alert row not in the form | when | \`PromQL\` | for |: ${row}`);
      return { where: `docs/deploy.md alert "${cells[1]}"`, expr: cells[2] };
    });
}

// ---- /metrics: the families, their series, labels and label values ---------------------------

interface Exposition {
  /** Metric families by name (# TYPE lines) and their type. */
  types: Map<string, string>;
  /** For each series name (a histogram's name_bucket, name_sum, name_count): its labels and their values. */
  series: Map<string, Map<string, Set<string>>>;
}

const LABEL_PAIR = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

function readExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const series = new Map<string, Map<string, Set<string>>>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1], type[2]);
    if (line === '' || line.startsWith('#')) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? \S+$/.exec(line);
    if (!sample) throw new Error(`not a sample line of /metrics: ${line}`);
    let labels = series.get(sample[1]);
    if (!labels) series.set(sample[1], (labels = new Map()));
    for (const [, label, value] of (sample[2] ?? '').matchAll(LABEL_PAIR)) {
      let values = labels.get(label);
      if (!values) labels.set(label, (values = new Set()));
      values.add(value);
    }
  }
  return { types, series };
}

/** The family a series name belongs to: itself, or the histogram (or summary) whose _bucket, _sum or _count it is. */
function familyOf(name: string, exposition: Exposition): { family: string; type: string; part: string } | undefined {
  const type = exposition.types.get(name);
  if (type !== undefined) return { family: name, type, part: '' };
  const parts = /^(.+)_(bucket|sum|count)$/.exec(name);
  const base = parts ? exposition.types.get(parts[1]) : undefined;
  if (parts && (base === 'histogram' || (base === 'summary' && parts[2] !== 'bucket'))) return { family: parts[1], type: base, part: parts[2] };
  return undefined;
}

/** A literal regular expression value (`in_use|idle`): its alternatives; anything else (`5..`): none to check. */
const literalAlternatives = (value: string) => (/^[a-zA-Z0-9_]+(\|[a-zA-Z0-9_]+)*$/.test(value) ? value.split('|') : []);

/** What is wrong with a query against what the service exports. */
function queryProblems(query: Query, exposition: Exposition): string[] {
  const scanned = scanPromql(query.expr);
  const problems = [...scanned.problems];
  const labelsOf = (name: string) => exposition.series.get(name);
  const carries = (name: string, label: string) => SCRAPE_LABELS.has(label) || (labelsOf(name)?.has(label) ?? false);
  for (const use of scanned.uses) {
    const found = familyOf(use.name, exposition);
    if (!found) {
      problems.push(`${use.name} is not in /metrics`);
      continue;
    }
    const innermost = use.within.at(-1)?.name ?? '';
    const isCounted = found.type === 'counter' || found.part !== '';
    if (found.type === 'histogram' && found.part === '') problems.push(`${use.name} is a histogram: its series are ${use.name}_bucket, _sum and _count`);
    else if (isCounted && !COUNTER_FUNCTIONS.has(innermost)) problems.push(`${use.name} counts since the start: read it through rate(), irate() or increase(), not ${innermost || 'bare'}`);
    else if (!isCounted && COUNTER_FUNCTIONS.has(innermost)) problems.push(`${use.name} is a ${found.type}: ${innermost}() of it means nothing`);
    if (found.part === 'bucket') {
      const aggregation = use.within.findLast((call) => AGGREGATIONS.has(call.name));
      if (!use.within.some((call) => call.name === 'histogram_quantile')) problems.push(`${use.name} is read outside histogram_quantile()`);
      else if (aggregation && !aggregation.by?.includes('le')) problems.push(`${use.name} is summed without keeping le: by (${aggregation.by?.join(', ') ?? ''})`);
    }
    if (!labelsOf(use.name) && (use.matchers.some((m) => !SCRAPE_LABELS.has(m.label)) || use.within.some((call) => call.by?.some((l) => !SCRAPE_LABELS.has(l))))) {
      problems.push(`${use.name} has no series in /metrics to check its labels against (make a call that creates one)`);
      continue;
    }
    for (const matcher of use.matchers) {
      if (!carries(use.name, matcher.label)) {
        problems.push(`${use.name} has no label ${matcher.label}`);
        continue;
      }
      if (SCRAPE_LABELS.has(matcher.label) || matcher.value.includes('$') || matcher.op.startsWith('!')) continue;
      const values = labelsOf(use.name)!.get(matcher.label)!;
      const wanted = matcher.op === '=' ? [matcher.value] : literalAlternatives(matcher.value);
      for (const value of wanted) if (!values.has(value)) problems.push(`${use.name} has no series with ${matcher.label}="${value}" (it has ${[...values].join(', ')})`);
    }
    // An aggregation's by (...) must name labels of each metric inside it: otherwise the label is
    // empty in every result and the legend shows nothing.
    for (const call of use.within) {
      for (const label of call.by ?? []) if (!carries(use.name, label)) problems.push(`${call.name} by (${call.by!.join(', ')}) over ${use.name}, which has no label ${label}`);
    }
  }
  for (const label of scanned.otherLabels) {
    if (!scanned.uses.some((use) => carries(use.name, label))) problems.push(`no metric of the expression has the label ${label}`);
  }
  return problems.map((problem) => `${query.where}: ${problem}`);
}

// ---- The tests --------------------------------------------------------------------------------

describe('the Grafana dashboard', () => {
  it('is a Grafana 10/11 dashboard with unique panel ids, each panel in its row and none overlapping', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.uid).toMatch(/^[a-zA-Z0-9_-]{1,40}$/);
    const ids = allPanels.map((panel) => panel.id);
    expect(ids.every(Number.isInteger)).toBe(true);
    expect(ids.length - new Set(ids).size, 'panels sharing an id').toBe(0);

    // The top-level panels share one grid: rows (full width, one unit high) and the panels of
    // expanded rows. A collapsed row's panels are laid out again when it opens: a grid of their own.
    expect(layoutProblems(dashboard.panels)).toEqual([]);
    for (const row of dashboard.panels.filter((panel) => panel.type === 'row' && panel.collapsed)) expect(layoutProblems(row.panels ?? [])).toEqual([]);
    const rows = dashboard.panels.filter((panel) => panel.type === 'row');
    for (const row of rows) expect(row.gridPos, `row "${row.title}"`).toMatchObject({ x: 0, w: GRID_COLUMNS, h: 1 });
    expect(rows.length).toBeGreaterThan(0);
    // Grafana files a panel under the row above it on the grid, whatever the order in the file:
    // each panel must sit below the row it is listed after and above the next.
    let row: Panel | undefined;
    for (const panel of dashboard.panels) {
      if (panel.type === 'row') {
        row = panel;
        continue;
      }
      const next = rows[rows.indexOf(row!) + 1];
      expect(row, `"${panel.title}" is listed before the first row`).toBeDefined();
      expect(panel.gridPos.y, `"${panel.title}" below its row "${row!.title}"`).toBeGreaterThan(row!.gridPos.y);
      if (next) expect(panel.gridPos.y + panel.gridPos.h, `"${panel.title}" above the next row "${next.title}"`).toBeLessThanOrEqual(next.gridPos.y);
    }
  });

  it('queries the Prometheus of the datasource variable, for the instances of the instance variable', () => {
    const variables = new Map(dashboard.templating.list.map((variable) => [variable.name, variable]));
    expect(variables.get('datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    expect(variables.get('instance')).toMatchObject({ type: 'query', datasource: { type: 'prometheus', uid: DATASOURCE_UID } });
    expect(variables.get('instance')!.definition).toBe('label_values(hotel_affiliate_build_info, instance)');
    expect(variables.get('instance')!.query).toMatchObject({ query: variables.get('instance')!.definition });
    expect(graphPanels.length).toBeGreaterThan(0);
    for (const panel of graphPanels) {
      expect(panel.datasource, `panel "${panel.title}"`).toEqual({ type: 'prometheus', uid: DATASOURCE_UID });
      expect(panel.targets?.length, `targets of panel "${panel.title}"`).toBeGreaterThan(0);
      for (const target of panel.targets!) {
        expect(target.datasource ?? panel.datasource, `panel "${panel.title}" target ${target.refId}`).toEqual({ type: 'prometheus', uid: DATASOURCE_UID });
        // A query that leaves out the instance selector shows every instance whatever is chosen.
        expect(target.expr, `panel "${panel.title}" target ${target.refId}`).toContain('instance=~"$instance"');
      }
    }
  });

  it('finds the mistakes the checks below look for, in expressions written wrong on purpose', () => {
    // The PromQL reader and its checks, on a small /metrics of their own.
    const exposition = readExposition(
      [
        '# TYPE a_total counter',
        'a_total{tier="keyless"} 1',
        '# TYPE g gauge',
        'g{state="idle"} 1',
        '# TYPE h histogram',
        'h_bucket{le="1",op="x"} 1',
        'h_sum{op="x"} 1',
        'h_count{op="x"} 1',
      ].join('\n'),
    );
    const problems = (expr: string) => queryProblems({ where: 'q', expr }, exposition);
    expect(problems('sum by (tier) (rate(a_total{instance=~"$instance",tier="keyless"}[$__rate_interval]))')).toEqual([]);
    expect(problems('histogram_quantile(0.99, sum by (le, op) (rate(h_bucket[5m]))) + g{state=~"idle"} - on (job) group_right max by (job) (g)')).toEqual([]);
    expect(problems('histogram_quantile(0.99, sum(rate(h_bucket[5m])) by (le))')).toEqual([]);
    expect(problems('rate(b_total[5m])')).toEqual(['q: b_total is not in /metrics']);
    expect(problems('a_total')).toEqual(['q: a_total counts since the start: read it through rate(), irate() or increase(), not bare']);
    expect(problems('rate(g[5m])')).toEqual(['q: g is a gauge: rate() of it means nothing']);
    expect(problems('rate(h[5m])')).toEqual(['q: h is a histogram: its series are h_bucket, _sum and _count']);
    expect(problems('histogram_quantile(0.9, sum by (op) (rate(h_bucket[5m])))')).toEqual(['q: h_bucket is summed without keeping le: by (op)']);
    expect(problems('sum by (tier) (g)')).toEqual(['q: sum by (tier) over g, which has no label tier']);
    expect(problems('g{state="waiting"}')).toEqual(['q: g has no series with state="waiting" (it has idle)']);
    expect(problems('g{stat="idle"}')).toEqual(['q: g has no label stat']);
    expect(problems('rat(a_total[5m])')).toEqual(['q: rat(...) is not a PromQL function or aggregation', 'q: a_total counts since the start: read it through rate(), irate() or increase(), not rat']);
  });

  describe('against the metrics of a running service with PostgreSQL and Redis', () => {
    let t: TestService;
    let dataDir: string;
    let database: TestDatabase;
    let exposition: Exposition;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-test-'));
      // The pool and database gauges exist only with PostgreSQL: a schema of the test's own, also
      // when the file runs with the SQLite tests.
      database = usePostgres ? await testDatabase(dataDir) : await postgresSchema();
      t = await startTestService(
        FIXTURE_HOTELS,
        { ...database.env, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `test-${randomUUID()}:`, LIMIT_STANDARD_PER_DAY: '1' },
        { dataDir, database, clockStart: Date.now() },
      );
      // Calls that make the labelled series: keyless and keyed searches (the second refused: 429),
      // and an MCP tool call.
      const { secret } = await t.service.keys.create({ tier: 'standard', affiliateCode: 'dashboard', label: null });
      const keyed = { headers: { authorization: `Bearer ${secret}` } };
      expect((await t.request('/hotels/search?destination=Lisbon&limit=1')).status).toBe(200);
      expect((await t.request('/hotels/search?destination=Lisbon&limit=1', keyed)).status).toBe(200);
      expect((await t.request('/hotels/search?destination=Lisbon&limit=1', keyed)).status).toBe(429);
      const mcp = await t.request('/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'suggest', arguments: { q: 'Lisb' } } }),
      });
      expect(mcp.status).toBe(200);
      expect(mcp.body.result?.isError).not.toBe(true);
      const metrics = await t.request<string>('/metrics');
      expect(metrics.status).toBe(200);
      exposition = readExposition(metrics.body);
    });
    afterAll(async () => {
      await t?.close();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('has the pool, database and shared-counter gauges (the test set up PostgreSQL and Redis)', () => {
      for (const gauge of ['hotel_affiliate_database_up', 'hotel_affiliate_database_pool_connections', 'hotel_affiliate_limiter_shared_store_up']) {
        expect(exposition.series.has(gauge), gauge).toBe(true);
      }
    });

    it('names only metrics the service exports, with their labels and label values, each read as its type asks', () => {
      const queries = dashboardQueries();
      expect(queries.length).toBeGreaterThan(graphPanels.length);
      expect(queries.flatMap((query) => queryProblems(query, exposition))).toEqual([]);
    });

    it('has alerts in docs/deploy.md that read the service\'s metrics the same way', () => {
      const alerts = documentedAlerts();
      expect(alerts.length).toBeGreaterThanOrEqual(8);
      expect(alerts.flatMap((query) => queryProblems(query, exposition))).toEqual([]);
    });

    it('draws every hotel_affiliate_* metric the service exports', () => {
      const used = new Set(
        dashboardQueries().flatMap((query) => scanPromql(query.expr).uses.map((use) => familyOf(use.name, exposition)?.family ?? use.name)),
      );
      const exported = [...exposition.types.keys()].filter((name) => name.startsWith('hotel_affiliate_'));
      expect(exported.length).toBeGreaterThan(10);
      expect(exported.filter((name) => !used.has(name) && !NOT_ON_THE_DASHBOARD.has(name))).toEqual([]);
      // An exception for a metric that is no longer exported is stale.
      expect([...NOT_ON_THE_DASHBOARD.keys()].filter((name) => !exported.includes(name))).toEqual([]);
    });
  });
});

/** A PostgreSQL schema of the test's own, as test-database.ts makes under TEST_STORAGE=postgres. */
async function postgresSchema(): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string, params: unknown[] = []) => {
    const client = new pg.Client(TEST_POSTGRES);
    await client.connect();
    try {
      await client.query(`SET search_path TO ${schema}`);
      return (await client.query(statement, params)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  await run(`CREATE SCHEMA ${schema}`);
  return {
    env: { DATABASE_URL: `${TEST_POSTGRES}?options=${encodeURIComponent(`-c search_path=${schema}`)}` },
    keyRows: () => run('SELECT * FROM api_keys'),
    sql: (statement, params) => run(statement, params).then(() => undefined),
    drop: () => run(`DROP SCHEMA ${schema} CASCADE`).then(() => undefined),
  };
}
