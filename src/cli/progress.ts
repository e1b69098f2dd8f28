// Progress of a long import: a bar on a terminal, a line every 10% otherwise (logs, CI).
import { SingleBar } from 'cli-progress';
import type { FeedProgress } from '../catalog/feed.js';

export interface ImportProgress {
  update(progress: FeedProgress): void;
  stop(): void;
}

/** Read from a pipe (`import /dev/stdin`), a feed has no size to measure against: hotels are counted. */
const HOTELS_PER_LINE = 100_000;

export function importProgress(stream: NodeJS.WriteStream = process.stderr): ImportProgress {
  let nextHotels = HOTELS_PER_LINE;
  const unknownSize = (p: FeedProgress) => {
    if (p.hotels < nextHotels) return;
    stream.write(`importing: ${p.hotels.toLocaleString('en-US')} hotels\n`);
    nextHotels = (Math.floor(p.hotels / HOTELS_PER_LINE) + 1) * HOTELS_PER_LINE;
  };
  if (stream.isTTY) {
    const bar = new SingleBar({
      stream,
      format: 'importing [{bar}] {percentage}% | {hotels} hotels | {eta_formatted} left',
      hideCursor: true,
      clearOnComplete: false,
    });
    let started = false;
    return {
      update(p) {
        if (p.totalBytes === 0) return unknownSize(p);
        if (!started) {
          bar.start(p.totalBytes, 0, { hotels: 0 });
          started = true;
        }
        bar.update(p.bytesRead, { hotels: p.hotels.toLocaleString('en-US') });
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let nextTenth = 1;
  return {
    update(p) {
      if (p.totalBytes === 0) return unknownSize(p);
      const tenths = Math.floor((p.bytesRead / Math.max(1, p.totalBytes)) * 10);
      if (tenths >= nextTenth) {
        stream.write(`importing: ${tenths * 10}% (${p.hotels.toLocaleString('en-US')} hotels)\n`);
        nextTenth = tenths + 1;
      }
    },
    stop() {},
  };
}
