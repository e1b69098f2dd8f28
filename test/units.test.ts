// Small pieces with rules of their own: allowance addresses, windows, folding, typos, config.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { allowanceAddress } from '../src/keys/caller.js';
import { windowAt } from '../src/limits/windows.js';
import { foldText, slugify } from '../src/text/fold.js';
import { editDistance, nameWords } from '../src/search/name-words.js';
import { placeTypos, placeTyposAllowed } from '../src/places/place-typos.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { importProgress } from '../src/cli/progress.js';
import { nativeModuleFailure, thisNodeDir } from '../src/storage/native-module.js';
import { fileURLToPath } from 'node:url';

describe('allowance address', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:506:708', '5.6.7.8'],
    ['0:0:0:0:0:FFFF:5.6.7.8', '5.6.7.8'],
    ['::5.6.7.8', '5.6.7.8'],
    ['::', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (ip, expected) => {
    expect(allowanceAddress(ip)).toBe(expected);
  });
});

describe('windows', () => {
  it('reset on the hour and at midnight UTC', () => {
    const now = Date.UTC(2026, 10, 23, 13, 59, 59, 500);
    expect(windowAt('hour', now)).toEqual({ startSeconds: Date.UTC(2026, 10, 23, 13) / 1000, endMs: Date.UTC(2026, 10, 23, 14), lengthSeconds: 3600 });
    expect(windowAt('day', now)).toEqual({ startSeconds: Date.UTC(2026, 10, 23) / 1000, endMs: Date.UTC(2026, 10, 24), lengthSeconds: 86_400 });
  });
});

describe('text folding', () => {
  it.each([
    ['Köln', 'koln'],
    ['São Paulo', 'sao paulo'],
    ['St. Mary’s', 'st marys'],
    ['Rose & Crown', 'rose and crown'],
    ['Straße', 'strasse'],
    ['ØRESUND', 'oresund'],
    ['  Hôtel—Lumière!! ', 'hotel lumiere'],
  ])('%s folds to %s', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });
  it('slugs', () => expect(slugify('Donostia / San Sebastián')).toBe('donostia-san-sebastian'));
});

describe('hotel name words', () => {
  it('drop filler and spell out abbreviations', () => {
    expect(nameWords('The St. George Hotel & Intl Spa')).toEqual(['saint', 'george', 'international', 'spa']);
    expect(nameWords('The Hotel')).toEqual(['the', 'hotel']);
  });
  it('count edits with adjacent swaps as one', () => {
    expect(editDistance('palace', 'palcae', 2)).toBe(1);
    expect(editDistance('meridian', 'meridain', 2)).toBe(1);
    expect(editDistance('international', 'internatinal', 2)).toBe(1);
    expect(editDistance('aurora', 'zebra', 1)).toBe(2);
  });
});

describe('typos in a place name', () => {
  it('counts a dropped, added, doubled or swapped letter and a like letter as one typo', () => {
    for (const [typed, name] of [
      ['barcelna', 'barcelona'],
      ['athense', 'athens'],
      ['berlinn', 'berlin'],
      ['lodnon', 'london'],
      ['florance', 'florence'],
      ['dubrovnic', 'dubrovnik'],
      ['krakov', 'krakow'],
      ['cancum', 'cancun'],
      ['helsinky', 'helsinki'],
      ['parid', 'paris'], // neighbouring keys
    ]) {
      expect(placeTypos(typed, name), `${typed} → ${name}`).toBe(1);
    }
  });

  it('counts a vowel for a vowel, or a letter of the same sound, as one typo in Cyrillic and Greek too', () => {
    for (const [typed, name] of [
      ['масква', 'москва'], // а for о: Moscow as it sounds
      ['санкт-петирбург', 'санкт-петербург'],
      ['виена', 'вена'], // a letter added
      ['киив', 'киев'], // Kyiv, и for е
      ['минхен', 'мюнхен'], // и for ю: Munich
      ['αθινα', 'αθηνα'], // ι for η
    ]) {
      expect(placeTypos(typed, name), `${typed} → ${name}`).toBe(1);
    }
    expect(placeTypos('мосвка', 'москва')).toBe(1); // two letters swapped
    expect(placeTypos('моцква', 'москва')).toBe(2); // ц for с: unlike letters
  });

  it('counts a letter changed for an unlike one as two, and never reads another first letter', () => {
    expect(placeTypos('neverland', 'nederland')).toBe(2);
    expect(placeTypos('parix', 'paris')).toBe(1); // x is the key below s
    expect(placeTypos('parim', 'paris')).toBe(2);
    expect(placeTypos('narnia', 'sarnia')).toBe(Infinity);
    expect(placeTypos('sondon', 'london')).toBe(Infinity);
    expect(placeTypos('cincinatti', 'cincinnati')).toBe(2);
  });

  it('allows one typo from 5 letters and two from 10', () => {
    expect([4, 5, 9, 10].map(placeTyposAllowed)).toEqual([0, 1, 1, 2]);
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({ PORT: 8080, DATA_DIR: './data', MAIN_SITE: 'www.stays.example', LIMIT_KEYLESS_PER_HOUR: 30, DEMO_HOTELS: 50000 });
  });
  it('refuses a bad value with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(new ConfigError('configuration: PORT must be an integer from 0 to 65535 (got "eighty")'));
    expect(() => loadConfig({ DEMO_CATALOG: 'yes' })).toThrow('configuration: DEMO_CATALOG must be true or false (got "yes")');
    expect(() => loadConfig({ MAIN_SITE: 'WWW.X' })).toThrow('MAIN_SITE must be a lower-case host name such as www.stays.example (got "WWW.X")');
  });
  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(8080);
  });
  it('serves from one thread per processor the machine offers unless HTTP_THREADS says otherwise', () => {
    expect(loadConfig({}).HTTP_THREADS).toBe(Math.min(64, availableParallelism()));
    expect(loadConfig({ HTTP_THREADS: '0' }).HTTP_THREADS).toBe(Math.min(64, availableParallelism()));
    expect(loadConfig({ HTTP_THREADS: '3' }).HTTP_THREADS).toBe(3);
    expect(() => loadConfig({ HTTP_THREADS: '65' })).toThrow('HTTP_THREADS must be an integer from 0 to 64 (got "65")');
  });
  it('blames the installation, not DATA_DIR, for a native module built for another Node.js', () => {
    // What Node.js 20 throws on a better-sqlite3 built by Node.js 26 (seen on this machine).
    const mismatch = Object.assign(
      new Error(
        "The module '/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\nwas compiled against a different Node.js version using\n" +
          'NODE_MODULE_VERSION 147. This version of Node.js requires\nNODE_MODULE_VERSION 115. Please try re-compiling or re-installing\nthe module (for instance, using `npm rebuild` or `npm install`).',
      ),
      { code: 'ERR_DLOPEN_FAILED' },
    );
    const failure = nativeModuleFailure('better-sqlite3', mismatch);
    expect(failure).toBeInstanceOf(ConfigError);
    expect(failure!.message).toMatch(/^installation: better-sqlite3 was built for Node\.js 26 \(module version 147\), and this is Node\.js [\d.]+ \(module version 115\); run `npm rebuild better-sqlite3`/);
    expect(failure!.message).not.toContain('DATA_DIR');
    // The rebuild's own trap: npm building against the headers of another Node.js (its nodedir).
    expect(failure!.message).toContain(`run \`npm rebuild better-sqlite3 --nodedir=${thisNodeDir()}\``);
    const misled = nativeModuleFailure('better-sqlite3', mismatch, { npm_config_nodedir: '/opt/node-v20' })!.message;
    expect(misled).toContain(`npm's nodedir setting names another Node.js (/opt/node-v20), whose headers a rebuild would use again: run \`npm rebuild better-sqlite3 --nodedir=${thisNodeDir()}\``);
    expect(nativeModuleFailure('better-sqlite3', mismatch, { npm_config_nodedir: thisNodeDir() })!.message).not.toContain('names another Node.js');
  });
  it('says a native module cannot be loaded when the file is no module at all, and leaves other errors to the data directory', () => {
    let thrown: unknown;
    try {
      process.dlopen({ exports: {} }, fileURLToPath(import.meta.url)); // a text file: the real ERR_DLOPEN_FAILED
    } catch (error) {
      thrown = error;
    }
    expect(nativeModuleFailure('better-sqlite3', thrown)!.message).toMatch(/^installation: better-sqlite3's native module cannot be loaded \(.+\); run `npm rebuild better-sqlite3`/);
    expect(nativeModuleFailure('better-sqlite3', Object.assign(new Error('read-only'), { code: 'EROFS' }))).toBeNull();
  });
});

describe('import progress on a stream that is not a terminal', () => {
  const lines = (updates: { bytesRead: number; totalBytes: number; hotels: number }[]) => {
    let written = '';
    const progress = importProgress({ isTTY: false, write: (text: string) => (written += text) } as unknown as NodeJS.WriteStream);
    for (const update of updates) progress.update(update);
    return written.trimEnd().split('\n');
  };

  it('says every tenth of a file it has read', () => {
    const updates = Array.from({ length: 40 }, (_, i) => ({ bytesRead: (i + 1) * 250, totalBytes: 10_000, hotels: (i + 1) * 1000 }));
    expect(lines(updates)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((p) => `importing: ${p}% (${(p * 400).toLocaleString('en-US')} hotels)`));
  });

  it('counts hotels when the feed has no size to measure against (a pipe)', () => {
    const updates = Array.from({ length: 250 }, (_, i) => ({ bytesRead: 0, totalBytes: 0, hotels: (i + 1) * 1000 }));
    expect(lines(updates)).toEqual(['importing: 100,000 hotels', 'importing: 200,000 hotels']);
  });
});
