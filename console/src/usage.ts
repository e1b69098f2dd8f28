// The usage section: the allowance used today, the period's totals, the chart of calls per day
// (by operation or by key), the figures by day, the placements (sub_id) against the period
// before, and the CSV of the period. Every key of the affiliate is counted, as GET /v1/usage does.
import { call } from './api.js';
import { CallsChart, PALETTE, type ChartGroup } from './chart.js';
import { $, addDays, count, daysBetween, el, say, shortDay } from './dom.js';
import type { Allowance, Me, UsageReport, UsageRow } from './types.js';

type StackBy = 'operation' | 'key';

const controls = $<HTMLFormElement>('#usage-controls');
const meter = $<HTMLMeterElement>('#allowance-meter');
const allowanceText = $('#allowance-text');
const status = $('#usage-status');
const totals = $('#totals');
const legend = $('#legend');
const summary = $('#chart-summary');
const chartTitle = $('#chart-title');
const dailyTable = $<HTMLTableElement>('#daily-table');
const subIdTable = $<HTMLTableElement>('#sub-ids');
const csv = $<HTMLAnchorElement>('#csv');
const note = $('#usage-note');
const chart = new CallsChart($('#chart'), $('#chart-readout'));

/** The service's today (UTC), from sign-in; the periods end there. */
let today = '';
/** The period's report by day, key and operation, kept to change the chart's stacking without asking again. */
let daily: UsageReport | null = null;
/** Names of keys by id, for the chart's groups by key. */
let keyNames = new Map<string, string>();
let loading = 0;
let chartDrawn = false;

const days = () => Number(new FormData(controls).get('days') ?? 7);
const stackBy = () => (new FormData(controls).get('stack') ?? 'operation') as StackBy;
const query = (from: string, to: string, groupBy: string) => `from=${from}&to=${to}&group_by=${groupBy}`;

export function showAllowance(allowance: Allowance): void {
  const used = allowance.limit - allowance.remaining;
  meter.max = Math.max(1, allowance.limit);
  meter.value = used;
  meter.low = allowance.limit * 0.75;
  meter.high = allowance.limit * 0.9;
  meter.optimum = 0;
  const minutes = Math.max(0, Math.round((allowance.reset * 1000 - Date.now()) / 60_000));
  const inTime = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  allowanceText.textContent = `${count(used)} of ${count(allowance.limit)} calls used today (${allowance.used_percent}%); ${count(allowance.remaining)} left until midnight UTC (in ${inTime}). Each key has its own day: your widget's publishable keys count apart.`;
}

/** Starts the section for a signed-in affiliate: the 7 days to today. */
export async function startUsage(me: Me): Promise<void> {
  today = me.today;
  showAllowance(me.allowance);
  await loadUsage();
}

/** Names the keys of the chart's groups by key (from the keys section's list). */
export function nameKeys(names: Map<string, string>): void {
  keyNames = names;
  if (daily && stackBy() === 'key') drawChart();
}

export async function loadUsage(): Promise<void> {
  if (!today) return;
  const period = days();
  const to = today;
  const from = addDays(to, -(period - 1));
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(previousTo, -(period - 1));
  csv.href = `/console/api/usage?${query(from, to, 'day,key,operation,sub_id')}&format=csv`;
  const mine = ++loading;
  say(status, 'Loading the report…');
  // The chart is drawn as soon as its report is in; the placements follow with theirs.
  const byDayAsked = call<UsageReport>('GET', `/console/api/usage?${query(from, to, 'day,key,operation')}`);
  const placementsAsked = Promise.all([
    call<UsageReport>('GET', `/console/api/usage?${query(from, to, 'sub_id')}`),
    call<UsageReport>('GET', `/console/api/usage?${query(previousFrom, previousTo, 'sub_id')}`),
  ]);
  // Settled either way, so that a failure of one is said once, below.
  placementsAsked.catch(() => undefined);
  try {
    const byDay = await byDayAsked;
    // A later choice of period won the race: its answers are drawn, not these.
    if (mine !== loading) return;
    daily = byDay;
    showAllowance(byDay.allowance);
    showTotals(byDay);
    drawChart();
    note.textContent = byDay.note;
    const [bySubId, before] = await placementsAsked;
    if (mine !== loading) return;
    showSubIds(bySubId.rows, before.rows, period);
    say(status, `${shortDay(from)} to ${shortDay(to)} (UTC): ${count(byDay.totals.calls)} calls answered.`);
  } catch (error) {
    if (mine === loading) say(status, `The report could not be read: ${(error as Error).message}`);
  }
}

function showTotals(report: UsageReport): void {
  const figures: Array<[string, number]> = [
    ['Calls answered', report.totals.calls],
    ['Hotels shown', report.totals.hotels_shown],
    ['Links made', report.totals.links],
    ['Refused (allowance)', report.totals.refused],
    ['Failed (input)', report.totals.failed],
  ];
  totals.replaceChildren(...figures.map(([name, value]) => el('div', {}, el('dt', {}, name), el('dd', {}, count(value)))));
}

/** The period's calls by day, in groups (operation or key), bottom of the stack (the most calls) first. */
function groupsOf(report: UsageReport, by: StackBy, days: string[]): ChartGroup[] {
  const index = new Map(days.map((day, i) => [day, i]));
  const groups = new Map<string, ChartGroup>();
  for (const row of report.rows) {
    const name = by === 'operation' ? (row.operation ?? '?') : keyName(row);
    let group = groups.get(name);
    if (!group) groups.set(name, (group = { name, calls: days.map(() => 0) }));
    const at = index.get(row.day ?? '');
    if (at !== undefined) group.calls[at] += row.calls;
  }
  const sum = (g: ChartGroup) => g.calls.reduce((a, b) => a + b, 0);
  return [...groups.values()].filter((g) => sum(g) > 0).sort((a, b) => sum(b) - sum(a) || a.name.localeCompare(b.name));
}

function keyName(row: UsageRow): string {
  const id = row.key_id ?? '?';
  const label = keyNames.get(id) ?? row.key_label;
  return label ? `${label} (${id})` : id;
}

function drawChart(): void {
  if (!daily) return;
  const by = stackBy();
  const days = daysBetween(daily.from, daily.to);
  const groups = groupsOf(daily, by, days);
  chartTitle.textContent = `Calls answered per day, by ${by}, ${shortDay(daily.from)} to ${shortDay(daily.to)} (UTC)`;
  chart.draw(days, groups);
  if (!chartDrawn) {
    chartDrawn = true;
    performance.mark('console-first-chart');
  }
  const total = groups.reduce((sum, g) => sum + g.calls.reduce((a, b) => a + b, 0), 0);
  legend.replaceChildren(
    ...groups.map((g, i) => {
      const swatch = el('span', { class: 'swatch', 'aria-hidden': 'true' });
      swatch.style.background = PALETTE[i % PALETTE.length];
      return el('li', {}, swatch, `${g.name}: ${count(g.calls.reduce((a, b) => a + b, 0))}`);
    }),
  );
  const busiest = days.reduce((best, day, i) => (dayTotal(groups, i) > dayTotal(groups, best.i) ? { day, i } : best), { day: days[0], i: 0 });
  summary.textContent =
    total === 0
      ? 'No calls were answered in these days yet.'
      : `${count(total)} calls in ${days.length} days; the busiest day was ${shortDay(busiest.day)} with ${count(dayTotal(groups, busiest.i))}. The figures are in the table below.`;
  showDaily(days, groups, by);
}

const dayTotal = (groups: ChartGroup[], i: number) => groups.reduce((sum, g) => sum + g.calls[i], 0);

function showDaily(days: string[], groups: ChartGroup[], by: StackBy): void {
  const head = el('tr', {}, el('th', { scope: 'col' }, 'Day (UTC)'), el('th', { scope: 'col' }, 'Calls'), ...groups.map((g) => el('th', { scope: 'col' }, g.name)));
  const rows = days
    .map((day, i) => el('tr', {}, el('th', { scope: 'row' }, day), el('td', {}, count(dayTotal(groups, i))), ...groups.map((g) => el('td', {}, count(g.calls[i])))))
    .reverse();
  dailyTable.replaceChildren(el('caption', { class: 'visually-hidden' }, `Calls answered per day, by ${by}, latest first`), el('thead', {}, head), el('tbody', {}, ...rows));
}

/** Each placement's calls in the period against the period before, most calls first. */
function showSubIds(now: UsageRow[], before: UsageRow[], period: number): void {
  const name = (row: UsageRow) => row.sub_id ?? '';
  const previous = new Map(before.map((row) => [name(row), row]));
  const current = new Map(now.map((row) => [name(row), row]));
  const names = [...new Set([...current.keys(), ...previous.keys()])];
  const calls = (rows: Map<string, UsageRow>, n: string) => rows.get(n)?.calls ?? 0;
  names.sort((a, b) => calls(current, b) - calls(current, a) || calls(previous, b) - calls(previous, a) || a.localeCompare(b));
  const head = el(
    'tr',
    {},
    el('th', { scope: 'col' }, 'Placement (sub_id)'),
    el('th', { scope: 'col' }, 'Calls'),
    el('th', { scope: 'col' }, `Previous ${period} days`),
    el('th', { scope: 'col' }, 'Change'),
    el('th', { scope: 'col' }, 'Hotels shown'),
    el('th', { scope: 'col' }, 'Links made'),
  );
  const rows = names.map((n) => {
    const row = current.get(n);
    const [was, is] = [calls(previous, n), calls(current, n)];
    const change = trend(was, is);
    return el(
      'tr',
      {},
      el('th', { scope: 'row' }, n === '' ? el('span', { class: 'none' }, '(none sent)') : el('code', {}, n)),
      el('td', {}, count(is)),
      el('td', {}, count(was)),
      el('td', { class: change.kind }, change.text),
      el('td', {}, count(row?.hotels_shown ?? 0)),
      el('td', {}, count(row?.links ?? 0)),
    );
  });
  if (rows.length === 0) rows.push(el('tr', {}, el('td', { colspan: 6 }, 'No calls in these days or the days before.')));
  subIdTable.replaceChildren(el('caption', { class: 'visually-hidden' }, `Calls by placement in the last ${period} days and the ${period} days before`), el('thead', {}, head), el('tbody', {}, ...rows));
}

function trend(was: number, is: number): { text: string; kind: string } {
  if (was === 0 && is === 0) return { text: 'none', kind: 'flat' };
  if (was === 0) return { text: 'new', kind: 'up' };
  const percent = Math.round(((is - was) / was) * 100);
  if (percent === 0) return { text: 'same', kind: 'flat' };
  return percent > 0 ? { text: `up ${percent}%`, kind: 'up' } : { text: `down ${-percent}%`, kind: 'down' };
}

controls.addEventListener('change', (event) => {
  const name = (event.target as HTMLInputElement).name;
  if (name === 'days') void loadUsage();
  else if (name === 'stack') drawChart();
});
controls.addEventListener('submit', (event) => event.preventDefault());
$('#refresh').addEventListener('click', () => void loadUsage());
