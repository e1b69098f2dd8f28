// Writes the reference parts of docs/ from their single sources, so that no hand-kept copy can
// drift: the configuration table of docs/configuration.md from the configuration schema
// (src/config.ts: each variable's default, rule and description), and the command line's usage in
// docs/operations.md from src/cli/usage.ts. Each goes between its two marker lines; the text
// around them is the docs' own. Run by `npm run build` on the build (dist/); `--check` writes
// nothing and fails when a file is stale. The tests call `renderReference` on the sources.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export const REFERENCE = [
  {
    file: here('../docs/configuration.md'),
    begin: '<!-- configuration table: generated from src/config.ts -->',
    end: '<!-- end of configuration table -->',
    render: ({ ConfigSchema, describeRule }) => configurationTable(ConfigSchema, describeRule),
  },
  {
    file: here('../docs/operations.md'),
    begin: '<!-- command line usage: generated from src/cli/usage.ts -->',
    end: '<!-- end of command line usage -->',
    render: ({ USAGE }) => ['```text', USAGE, '```'].join('\n'),
  },
];

const cell = (text) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function configurationTable(schema, describeRule) {
  const rows = Object.entries(schema.properties).map(([name, property]) => {
    const fallback = property.default === undefined ? 'none' : `\`${property.default}\``;
    const rule = describeRule(property);
    return `| \`${name}\` | ${fallback} | ${cell(property.description ?? '')} | ${cell(rule)} |`;
  });
  return ['| Variable | Default | Meaning | Accepted values |', '|---|---|---|---|', ...rows].join('\n');
}

/** Each file's text with its generated part as the sources make it now. */
export function renderReference(sources) {
  return REFERENCE.map(({ file, begin, end, render }) => {
    const text = readFileSync(file, 'utf8');
    const from = text.indexOf(begin);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`${file} lacks the lines ${begin} … ${end}`);
    return { file, text, wanted: `${text.slice(0, from + begin.length)}\n${render(sources)}\n${text.slice(to)}` };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = here('../dist/src/');
  const sources = {
    ...(await import(`${dist}config.js`)),
    ...(await import(`${dist}validation/rules.js`)),
    ...(await import(`${dist}cli/usage.js`)),
  };
  const stale = [];
  for (const { file, text, wanted } of renderReference(sources)) {
    if (text === wanted) continue;
    if (process.argv.includes('--check')) stale.push(file);
    else writeFileSync(file, wanted);
  }
  if (stale.length > 0) {
    console.error(`stale, run npm run build: ${stale.join(', ')}`);
    process.exit(1);
  }
}
