// For test/import-under-load.test.ts: a changed copy of a demo feed (the next day's feed of the
// same hotels), the import run by the CLI with each printed line timed, and each instance's
// catalog generation read from its own /readyz.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { startCli, type CliProcess } from './cli-process.js';

/** The changes the next feed makes, by line of the first (0-based). */
const RENAMED_EVERY = 10;
const REMOVED_EVERY = 50;
const REMOVED_AT = 25;
const ADDED_EVERY = 50;
const ADDED_AT = 40;
/** Suffix of an added hotel's id: demo ids are slugs of names, which never hold two hyphens in a row. */
const ADDED_ID_SUFFIX = '--added';
/** A name no demo hotel has, given to the first added hotel: a find for it answers only after the switch. */
export const PROBE_NAME = 'Quillon Verbena Lodge';

interface FeedHotel {
  id: string;
  name: string;
  rating: number | null;
  city: string;
  [field: string]: unknown;
}

export interface ChangedFeed {
  /** Hotels in each feed. */
  before: number;
  after: number;
  renamed: number;
  removed: number;
  added: number;
  /** Ids in both feeds (unchanged or renamed), every one of them: the load's hotel pages. */
  keptIds: string[];
  /** A few renamed hotels, with their name in each feed. */
  renamedSample: { id: string; was: string; now: string }[];
  /** A few removed ids. */
  removedSample: string[];
  /** The added hotel named PROBE_NAME. */
  probe: { id: string; city: string };
  /** City names of the feed, most hotels first: the load's destinations. */
  cities: string[];
}

/**
 * Writes `output`, the feed of `input` as a later day's feed would have it: every 10th hotel
 * renamed (" Renewed" added) with another rating, every 50th removed, and after every 50th one
 * more with an id of its own. Streams: the feeds are hundreds of megabytes.
 */
export async function writeChangedFeed(input: string, output: string): Promise<ChangedFeed> {
  const out = createWriteStream(output);
  const write = async (hotel: FeedHotel) => {
    if (!out.write(`${JSON.stringify(hotel)}\n`)) await once(out, 'drain');
  };
  const feed: ChangedFeed = { before: 0, after: 0, renamed: 0, removed: 0, added: 0, keptIds: [], renamedSample: [], removedSample: [], probe: { id: '', city: '' }, cities: [] };
  const perCity = new Map<string, number>();
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(input), crlfDelay: Infinity })) {
    if (text === '') continue;
    const hotel = JSON.parse(text) as FeedHotel;
    const at = line++;
    feed.before++;
    perCity.set(hotel.city, (perCity.get(hotel.city) ?? 0) + 1);
    if (at % REMOVED_EVERY === REMOVED_AT) {
      feed.removed++;
      if (feed.removedSample.length < 20) feed.removedSample.push(hotel.id);
    } else if (at % RENAMED_EVERY === 0) {
      const now = `${hotel.name} Renewed`;
      if (feed.renamedSample.length < 20) feed.renamedSample.push({ id: hotel.id, was: hotel.name, now });
      feed.renamed++;
      feed.keptIds.push(hotel.id);
      // Any rating moves to another one on the scale (0-10 in tenths).
      await write({ ...hotel, name: now, rating: hotel.rating === null ? 7 : Math.round(((hotel.rating + 3.3) % 10) * 10) / 10 });
    } else {
      feed.keptIds.push(hotel.id);
      await write(hotel);
    }
    if (at % ADDED_EVERY === ADDED_AT) {
      const first = feed.added === 0;
      const added = { ...hotel, id: `${hotel.id}${ADDED_ID_SUFFIX}`, name: first ? PROBE_NAME : `${hotel.name} Annex` };
      if (first) feed.probe = { id: added.id, city: hotel.city };
      feed.added++;
      await write(added);
    }
  }
  out.end();
  await once(out, 'finish');
  feed.after = feed.before - feed.removed + feed.added;
  feed.cities = [...perCity].sort((a, b) => b[1] - a[1]).map(([city]) => city);
  return feed;
}

export interface TimedImport {
  cli: CliProcess;
  /** Each line the CLI printed (stdout and stderr), with when it arrived: performance.now() and the clock's time (ms). */
  lines: { at: number; clock: number; text: string }[];
  started: number;
  /** The first line matching `pattern`, once printed; rejects if the CLI ends first. */
  printedLine(pattern: RegExp): Promise<{ at: number; clock: number; text: string }>;
}

/** `hotel-affiliate import FILE` in its own process, each line of its output timed as it arrives. */
export function timedImport(dataDir: string, file: string, env: Record<string, string>): TimedImport {
  const started = performance.now();
  const cli = startCli(dataDir, ['import', file], env);
  const lines: { at: number; clock: number; text: string }[] = [];
  for (const stream of [cli.child.stdout!, cli.child.stderr!]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (text) => lines.push({ at: performance.now(), clock: Date.now(), text }));
  }
  return {
    cli,
    lines,
    started,
    async printedLine(pattern) {
      // cli.printed matches the whole output: ^ must match at each line's start there.
      await cli.printed(new RegExp(pattern.source, pattern.flags.includes('m') ? pattern.flags : `${pattern.flags}m`));
      // cli.printed may see the text in a chunk before readline has split it into its line.
      for (;;) {
        const line = lines.find((l) => pattern.test(l.text));
        if (line) return line;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

/** The catalog generation an instance answers from, read from its own /readyz (null: not ready, or no answer). */
export async function generationOf(baseUrl: string): Promise<number | null> {
  try {
    const answer = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5000) });
    if (answer.status !== 200) return null;
    return ((await answer.json()) as { catalog: { generation: number } }).catalog.generation;
  } catch {
    return null;
  }
}

/**
 * Polls each instance's /readyz every `everyMs` until all answer from `generation`; resolves with
 * when each first did (performance.now()), or rejects after `ms`.
 */
export async function whenSwitched(baseUrls: string[], generation: number, ms: number, everyMs = 100): Promise<number[]> {
  const started = performance.now();
  const at: (number | null)[] = baseUrls.map(() => null);
  while (at.some((t) => t === null)) {
    if (performance.now() - started > ms) {
      throw new Error(`not every instance answered from generation ${generation} within ${ms} ms: ${baseUrls.filter((_, i) => at[i] === null).join(', ')} did not`);
    }
    await Promise.all(
      baseUrls.map(async (url, i) => {
        if (at[i] === null && (await generationOf(url)) === generation) at[i] = performance.now();
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return at as number[];
}
