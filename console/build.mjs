// npm run build (console part): the affiliate's console (/console), its script and style sheet
// bundled and minified by esbuild into dist/console, uPlot (the chart) included: the page loads
// nothing from elsewhere. The service serves them (src/http/console-routes.ts). uPlot's licence
// notice is kept at the end of the script.
import { build } from 'esbuild';

await build({
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2022', 'chrome111', 'firefox113', 'safari16.4'],
  legalComments: 'eof',
  logLevel: 'warning',
  entryPoints: { console: 'console/src/main.ts' },
  outdir: 'dist/console',
});

await build({
  bundle: true,
  minify: true,
  target: ['chrome111', 'firefox113', 'safari16.4'],
  logLevel: 'warning',
  entryPoints: { console: 'console/src/console.css' },
  outdir: 'dist/console',
});
