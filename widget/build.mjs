// npm run build (widget part): the widget and the page that builds its snippet, bundled and
// minified by esbuild into dist/widget. The service serves them (src/http/widget-routes.ts).
//
// A released version's bytes never change: pages pin its integrity hash, and a changed file would
// be refused by every one of them. Released versions are kept byte for byte in widget/frozen/ and
// copied (v1.js and v2.js as a service under the default name served them: until v3, the service
// wrote its name over a placeholder at start; v3.js with its catalogs, v3/messages/). The source
// builds the current version, whose bytes depend on nothing but the source: the service's name and
// whatever else varies by deployment is fetched (/widget/settings.json), never written in. Its
// interface text other than English is in one catalog per language (widget/messages/<lang>.json,
// every file of the folder), served as its own immutable file (/widget/v4/messages/<lang>.json)
// and fetched only by a widget on a page in that language. The script carries each catalog's
// sha256 and fetches it with that integrity, so the hash a page pins covers every word the widget
// can show. Adding or changing a catalog therefore changes the script: once it is released that is
// the next version (docs/widget.md, "Releasing a version").
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const CURRENT = 'v4';
const MESSAGES = 'widget/messages';

/** Every catalog but the built-in English one, minified, by canonical language tag. */
function catalogs() {
  const found = {};
  for (const file of readdirSync(MESSAGES).sort()) {
    if (!file.endsWith('.json')) continue;
    const tag = file.slice(0, -'.json'.length);
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (canonical !== tag) throw new Error(`${MESSAGES}/${file}: name it by its canonical language tag, ${canonical}.json`);
    if (tag === 'en') continue;
    found[tag] = JSON.stringify(JSON.parse(readFileSync(`${MESSAGES}/${file}`, 'utf8')));
  }
  return found;
}

const common = { bundle: true, minify: true, format: 'esm', target: ['es2022', 'chrome111', 'firefox113', 'safari16.4'], legalComments: 'none', logLevel: 'warning' };

// A catalog removed from the folder is not left behind from an earlier build.
rmSync(`dist/widget/${CURRENT}`, { recursive: true, force: true });
mkdirSync(`dist/widget/${CURRENT}/messages`, { recursive: true });
const integrities = {};
for (const [tag, text] of Object.entries(catalogs())) {
  writeFileSync(`dist/widget/${CURRENT}/messages/${tag}.json`, text);
  integrities[tag] = `sha256-${createHash('sha256').update(text).digest('base64')}`;
}

await build({
  ...common,
  entryPoints: { [CURRENT]: 'widget/src/widget.ts' },
  outdir: 'dist/widget',
  define: { __CATALOGS__: JSON.stringify(integrities), __VERSION__: JSON.stringify(CURRENT) },
});
await build({ ...common, entryPoints: { builder: 'widget/src/builder.ts' }, outdir: 'dist/widget' });

// Every released version as it was released: its script and, from v3 on, its catalogs.
cpSync('widget/frozen', 'dist/widget', { recursive: true });
