// Reads an NDJSON catalog feed, one hotel a line, checking every line before it is used.
// The first bad line stops the read with its line number and the reason.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { ServiceError } from '../errors.js';
import { parseJson } from '../validation/fields.js';
import { HotelRecordSchema, type HotelRecord } from './hotel.js';

export class FeedError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(line > 0 ? `line ${line}: ${reason}` : reason);
    this.name = 'FeedError';
  }
}

export interface FeedProgress {
  bytesRead: number;
  totalBytes: number;
  hotels: number;
}

export interface FeedOptions {
  /** Country codes the service knows; a hotel elsewhere cannot be placed. */
  knownCountry: (code: string) => boolean;
  onProgress?: (progress: FeedProgress) => void;
}

const MAX_LINE_CHARS = 1_000_000;

/** Parses and checks one feed line; throws a FeedError naming the line. */
export function parseFeedLine(text: string, line: number, options: Pick<FeedOptions, 'knownCountry'>): HotelRecord {
  if (text.length > MAX_LINE_CHARS) throw new FeedError(line, `line is longer than ${MAX_LINE_CHARS} characters`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FeedError(line, `not valid JSON (${(error as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new FeedError(line, 'a line must be one JSON object, a hotel');
  }
  if (Object.hasOwn(value, 'url')) {
    throw new FeedError(line, 'url is made by the service for each caller; leave it out of the feed');
  }
  let record: HotelRecord;
  try {
    record = parseJson(HotelRecordSchema, value, 'hotel');
  } catch (error) {
    if (error instanceof ServiceError) throw new FeedError(line, error.message);
    throw error;
  }
  if (!options.knownCountry(record.country_code)) {
    throw new FeedError(line, `country_code must be a country the service knows (got ${JSON.stringify(record.country_code)})`);
  }
  return record;
}

/** Yields the hotels of a feed file in order; throws FeedError at the first bad line. */
export async function* readFeed(path: string, options: FeedOptions): AsyncGenerator<HotelRecord> {
  const totalBytes = (await stat(path)).size;
  const stream = createReadStream(path, { encoding: 'utf8' });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  const firstLineOf = new Map<string, number>();
  let line = 0;
  let bytesRead = 0;
  try {
    for await (const raw of lines) {
      line++;
      bytesRead += Buffer.byteLength(raw) + 1;
      const text = (line === 1 ? raw.replace(/^\uFEFF/, '') : raw).trim();
      if (text === '') continue;
      const record = parseFeedLine(text, line, options);
      const first = firstLineOf.get(record.id);
      if (first !== undefined) throw new FeedError(line, `duplicate id ${JSON.stringify(record.id)} (first on line ${first})`);
      firstLineOf.set(record.id, line);
      yield record;
      if (options.onProgress && firstLineOf.size % 1000 === 0) {
        options.onProgress({ bytesRead: Math.min(bytesRead, totalBytes), totalBytes, hotels: firstLineOf.size });
      }
    }
  } finally {
    lines.close();
    stream.destroy();
  }
  if (firstLineOf.size === 0) throw new FeedError(0, 'the feed has no hotels');
  options.onProgress?.({ bytesRead: totalBytes, totalBytes, hotels: firstLineOf.size });
}
