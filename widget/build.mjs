// npm run build (widget part): the widget and the page that builds its snippet, bundled and
// minified by esbuild into dist/widget. The service serves them (src/http/widget-routes.ts).
// v1.js is the first release's file, kept byte for byte (widget/frozen/v1.js): pages pin its
// integrity hash, and a changed file would be refused by every one of them. The source builds v2.
import { copyFileSync, mkdirSync } from 'node:fs';
import { build } from 'esbuild';

const common = { bundle: true, minify: true, format: 'esm', target: ['es2022', 'chrome111', 'firefox113', 'safari16.4'], legalComments: 'none', logLevel: 'warning' };

await build({
  ...common,
  entryPoints: { v2: 'widget/src/stays-search.ts', builder: 'widget/src/builder.ts' },
  outdir: 'dist/widget',
  // The site's name is written in when the service serves the file (its configuration).
  define: { __SITE_NAME__: JSON.stringify('%%STAYS_SITE_NAME%%') },
});

mkdirSync('dist/widget', { recursive: true });
copyFileSync('widget/frozen/v1.js', 'dist/widget/v1.js');
