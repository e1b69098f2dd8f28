// The chart of calls per day, stacked by operation or by key, drawn by uPlot on a canvas. Bars
// are stacked by drawing each group's running total, the tallest first, each lower group over it.
// The canvas has a text alternative (the figure's summary and the table of figures by day).
import uPlot from 'uplot';
import { count, shortDay } from './dom.js';

/** One stacked group (an operation, a key): its name and its calls on each day of the chart. */
export interface ChartGroup {
  name: string;
  calls: number[];
}

/** Distinct colours, dark enough against white for bars and swatches. */
export const PALETTE = ['#0b57d0', '#e37400', '#188038', '#a142f4', '#c5221f', '#007b83', '#b06000', '#5f6368', '#8430ce', '#1e8e3e'];

const DAY_SECONDS = 86_400;
const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56].map((days) => days * DAY_SECONDS);
const AXIS = { stroke: '#3c4043', font: '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', ticks: { stroke: '#dadce0', width: 1, size: 4 } };

export class CallsChart {
  private plot: uPlot | null = null;
  private days: string[] = [];
  private groups: ChartGroup[] = [];
  private readonly resize = new ResizeObserver(() => this.fit());

  constructor(
    private readonly host: HTMLElement,
    private readonly readout: HTMLElement,
  ) {
    this.resize.observe(host);
  }

  /** Draws the days and groups (groups in stacking order, bottom first). */
  draw(days: string[], groups: ChartGroup[]): void {
    this.days = days;
    this.groups = groups;
    const x = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    // Running totals, bottom group first; drawn top first so each lower bar covers the one above's base.
    const totals: number[][] = [];
    groups.forEach((group, g) => totals.push(group.calls.map((calls, d) => calls + (g > 0 ? totals[g - 1][d] : 0))));
    const highest = Math.max(0, ...(totals.at(-1) ?? [0]));
    const order = groups.map((_, g) => g).reverse();
    const bars = uPlot.paths.bars!({ size: [0.8, 48], align: 0 });
    const options: uPlot.Options = {
      width: this.width(),
      height: this.height(),
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { drag: { x: false, y: false, setScale: false }, points: { show: false }, y: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: {
        x: { time: true, range: (_u, min, max) => [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2] },
        y: { range: () => [0, niceCeiling(highest)] },
      },
      axes: [
        // Whole days only, named as people read them (Nov 23), however many fit.
        { ...AXIS, grid: { show: false }, space: 56, incrs: DAY_STEPS, values: (_u, ticks) => ticks.map((t) => shortDay(new Date(t * 1000).toISOString().slice(0, 10))) },
        { ...AXIS, grid: { stroke: '#eceff1', width: 1 }, size: 48, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 1e7], values: (_u, ticks) => ticks.map((t) => count(t)) },
      ],
      series: [{}, ...order.map((g) => ({ label: groups[g].name, fill: PALETTE[g % PALETTE.length], stroke: PALETTE[g % PALETTE.length], width: 0, paths: bars, points: { show: false } }))],
      hooks: { setCursor: [(u: uPlot) => this.show(u.cursor.idx ?? null)] },
    };
    const data: uPlot.AlignedData = [x, ...order.map((g) => totals[g])];
    this.plot?.destroy();
    this.plot = new uPlot(options, data, this.host);
    this.show(null);
  }

  /** What the bars of the day under the pointer stand for. */
  private show(index: number | null): void {
    if (index === null || index < 0 || index >= this.days.length) {
      this.readout.textContent = '\u00a0';
      return;
    }
    const parts = this.groups.filter((g) => g.calls[index] > 0).map((g) => `${g.name} ${count(g.calls[index])}`);
    const total = this.groups.reduce((sum, g) => sum + g.calls[index], 0);
    this.readout.textContent = `${shortDay(this.days[index])}: ${count(total)} call${total === 1 ? '' : 's'}${parts.length ? ` (${parts.join(', ')})` : ''}`;
  }

  private width(): number {
    return Math.max(200, Math.floor(this.host.clientWidth));
  }

  private height(): number {
    return this.host.clientWidth < 500 ? 200 : 260;
  }

  private fit(): void {
    if (!this.plot) return;
    const width = this.width();
    if (width !== this.plot.width) this.plot.setSize({ width, height: this.height() });
  }
}

/** A top for the axis: a round number above the highest bar (at least 4, so an empty chart has a scale). */
function niceCeiling(highest: number): number {
  if (highest <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(highest));
  for (const step of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (step * magnitude >= highest * 1.05) return step * magnitude;
  return 10 * magnitude;
}
