// The HTTP examples the documentation shows, read out of it as a reader would copy them: every
// `curl` command of a ```sh block (a `# expect NNN` line above one says it shows an error).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DocExample {
  /** Where it was read: a file and line, or a document's name. */
  where: string;
  command: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The status the text says it answers; 2xx when it says none. */
  expect: number | null;
}

/** The ```sh blocks of a Markdown text, with the line each starts on. */
function shellBlocks(markdown: string): { line: number; text: string }[] {
  const blocks: { line: number; text: string }[] = [];
  const fence = /^```(?:sh|bash|shell)\s*\n([\s\S]*?)^```/gm;
  for (const m of markdown.matchAll(fence)) {
    blocks.push({ line: markdown.slice(0, m.index).split('\n').length + 1, text: m[1] });
  }
  return blocks;
}

/** A command line split as a POSIX shell splits it: single and double quotes, and backslashes. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unclosed ' in: ${command}`);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      const end = command.indexOf('"', i + 1);
      if (end < 0) throw new Error(`unclosed " in: ${command}`);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '\\' && i + 1 < command.length) {
      word = (word ?? '') + command[++i];
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

const FLAGS_WITHOUT_VALUE = new Set(['-s', '-S', '-i', '-sS', '-si', '-is', '-v', '-L', '--compressed', '-f', '--fail', '-I']);

function parseCurl(command: string, where: string, expect: number | null): DocExample {
  const words = shellWords(command);
  let method: string | null = null;
  const headers: Record<string, string> = {};
  let body: string | undefined;
  let url: string | undefined;
  for (let k = 1; k < words.length; k++) {
    const w = words[k];
    if (w === '-X' || w === '--request') method = words[++k];
    else if (w === '-H' || w === '--header') {
      const header = words[++k];
      const colon = header.indexOf(':');
      headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (w === '-d' || w === '--data' || w === '--data-raw' || w === '--json') {
      body = words[++k];
      if (w === '--json') headers['content-type'] ??= 'application/json';
    } else if (FLAGS_WITHOUT_VALUE.has(w)) continue;
    else if (w.startsWith('-')) throw new Error(`${where}: a curl flag the examples do not use: ${w}`);
    else url = w;
  }
  if (!url) throw new Error(`${where}: no URL in ${command}`);
  if (words.includes('-I')) method = 'HEAD';
  return { where, command, method: method ?? (body !== undefined ? 'POST' : 'GET'), url, headers, body, expect };
}

/** The fenced blocks of one language (```ts, ```python) of a Markdown text: programs a reader runs. */
export function programs(markdown: string, source: string, language: string): { where: string; code: string }[] {
  const found: { where: string; code: string }[] = [];
  const fence = new RegExp(`^\`\`\`${language}\\s*\\n([\\s\\S]*?)^\`\`\``, 'gm');
  for (const m of markdown.matchAll(fence)) found.push({ where: `${source}:${markdown.slice(0, m.index).split('\n').length + 1}`, code: m[1] });
  return found;
}

/** Every curl example of a Markdown text. */
export function curlExamples(markdown: string, source: string): DocExample[] {
  const examples: DocExample[] = [];
  for (const block of shellBlocks(markdown)) {
    // Lines continued with a trailing backslash are one command.
    const lines = block.text.replace(/\\\n\s*/g, ' ').split('\n');
    let expect: number | null = null;
    lines.forEach((line, k) => {
      const trimmed = line.trim();
      const expected = /^#\s*expect\s+(\d{3})/i.exec(trimmed);
      if (expected) expect = Number(expected[1]);
      else if (trimmed.startsWith('curl ')) {
        examples.push(parseCurl(trimmed, `${source}:${block.line + k}`, expect));
        expect = null;
      }
    });
  }
  return examples;
}

/** README.md, every Markdown file of docs/ and the client's README, as the repository holds them. */
export function repositoryDocuments(root: string): { name: string; text: string }[] {
  const names = ['README.md', 'clients/typescript/README.md'];
  for (const file of readdirSync(join(root, 'docs'))) if (file.endsWith('.md')) names.push(`docs/${file}`);
  return names.map((name) => ({ name, text: readFileSync(join(root, name), 'utf8') }));
}
