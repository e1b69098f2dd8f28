// hotel-affiliate demo [--count N] [--out FILE]: write the demo catalog as an NDJSON feed,
// for benchmarks (a million hotels) or as an example of the feed format.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { DEMO_DEFAULT_COUNT, generateDemoHotels } from '../../catalog/demo.js';
import { builtInGazetteer } from '../../places/gazetteer.js';

/** `photoBase`: where the feed's photos are (a running service draws them: demo-photos.ts). */
export async function demoCommand(count = DEMO_DEFAULT_COUNT, out?: string, photoBase?: string): Promise<number> {
  const stream = out ? createWriteStream(out) : process.stdout;
  let written = 0;
  for (const hotel of generateDemoHotels(builtInGazetteer(), count, photoBase)) {
    if (!stream.write(`${JSON.stringify(hotel)}\n`)) await once(stream, 'drain');
    written++;
  }
  if (out) {
    stream.end();
    await once(stream, 'finish');
    console.error(`Wrote ${written.toLocaleString('en-US')} invented demo hotels to ${out}.`);
  }
  return 0;
}
