// The widget as a blog's visitors receive it: its size on the wire (gzip), and in Debian's
// Chromium how soon a page that includes it paints the search box (first contentful paint, and
// the moment the element is defined and drawn), medians of repeated cold loads.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { widgetFile } from '../src/http/widget-files.js';

type Report = (what: string, value: string, target?: string, ok?: boolean | null) => void;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LOADS = 15;

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title>
<script type="module" src="/widget/v2.js"></script>
<script type="module">customElements.whenDefined('stays-search').then(() => requestAnimationFrame(() => performance.mark('widget-drawn')));</script>
</head><body><h1>Three days in Lisbon</h1><stays-search key="live_pk_x" destination="Lisbon"></stays-search></body></html>`;

export async function benchWidget(report: Report): Promise<void> {
  const widget = widgetFile('v2.js', 'Example Stays');
  if (!widget) {
    report('widget', 'skipped: not built (npm run build)');
    return;
  }
  const gzipped = gzipSync(widget.body, { level: 9 }).length;
  report('widget /widget/v2.js, gzipped', `${(gzipped / 1024).toFixed(1)} KB (${(widget.body.length / 1024).toFixed(1)} KB raw)`, '≤ 15 KB', gzipped <= 15 * 1024);
  if (!existsSync(CHROMIUM)) {
    report('widget first paint in Chromium', `skipped: no Chromium at ${CHROMIUM}`);
    return;
  }
  const server = createServer((request, response) => {
    if (request.url === '/widget/v2.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(widget.body);
    else response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const paints: number[] = [];
    const drawn: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      // A new context each time: nothing cached, as a visitor's first page.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await page.waitForFunction("performance.getEntriesByName('widget-drawn').length > 0 && performance.getEntriesByName('first-contentful-paint').length > 0");
      const [fcp, mark] = (await page.evaluate(
        "[performance.getEntriesByName('first-contentful-paint')[0].startTime, performance.getEntriesByName('widget-drawn')[0].startTime]",
      )) as [number, number];
      paints.push(fcp);
      drawn.push(mark);
      await context.close();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
    report(
      `widget in Chromium, a page's cold load from loopback (median of ${LOADS})`,
      `first contentful paint ${median(paints).toFixed(0)} ms; search box defined and drawn ${median(drawn).toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
    server.close();
  }
}
