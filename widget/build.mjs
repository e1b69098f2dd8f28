// npm run build (widget part): the widget and the page that builds its snippet, bundled and
// minified by esbuild into dist/widget. The service serves them (src/http/widget-routes.ts).
import { build } from 'esbuild';

const common = { bundle: true, minify: true, format: 'esm', target: ['es2022', 'chrome111', 'firefox113', 'safari16.4'], legalComments: 'none', logLevel: 'warning' };

await build({
  ...common,
  entryPoints: { v1: 'widget/src/stays-search.ts', builder: 'widget/src/builder.ts' },
  outdir: 'dist/widget',
  // The site's name is written in when the service serves the file (its configuration).
  define: { __SITE_NAME__: JSON.stringify('%%STAYS_SITE_NAME%%') },
});
