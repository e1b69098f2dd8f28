// The held-back relevance set (test/relevance/held-back/README.md): cases from sources the
// service's data does not come from, reported apart and never tuned on. Runs them through HTTP
// against the demo catalog and prints the accuracy of each category with its wrong answers; it
// fails only when the set is not loaded or too small (no floor on accuracy yet). Answers are judged
// by where they are (their hotels' positions, a place_id's hotels), not by their labels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describe as describeAnswer,
  emptyIsFarther,
  heldBackData,
  kmFrom,
  placeIdLocator,
  searchPlaced,
  Tally,
  type Placed,
  type Point,
} from './relevance/held-back/judge.js';
import { demoHotelNames, hotelTypings, misspelt } from './relevance/held-back/hotel-cases.js';
import { startTestService, type TestService } from './support/test-service.js';

interface LocalizedCase extends Point {
  lang: string;
  text: string;
  zone: string;
  english: string;
  country: string;
  typo?: true;
}
interface AreaCase extends Point {
  text: string;
  km: number;
  country: string;
  kind: string;
}
interface FarCase extends AreaCase {
  tempting: string;
}
interface NamesakeCase extends AreaCase {
  meant: string;
}
interface TypeaheadCity extends Point {
  name: string;
  country: string;
  weight: 1 | 2 | 3;
}

const LOCALIZED = heldBackData<{ cases: LocalizedCase[] }>('localized-cities.json').cases;
const AREAS = heldBackData<{ cases: AreaCase[]; none: string[] }>('tourist-areas.json');
const FAR = heldBackData<{ cases: (FarCase & { kind?: string })[] }>('far-wrong.json').cases;
const NAMESAKES = heldBackData<{ cases: NamesakeCase[] }>('namesakes.json').cases;
const TYPEAHEAD = heldBackData<{ cities: TypeaheadCity[] }>('typeahead-cities.json').cities;

/** A city answer is right within this distance of the city's point. */
const CITY_KM = 30;
/** A far wrong answer is at least this far from the place meant (or the place's own reach, if larger). */
const FAR_KM = 300;
const SHOWN = 5;
const LONG = 900_000;

const sent = (text: string, lang?: string): string => `destination=${encodeURIComponent(text)}${lang ? `&lang=${encodeURIComponent(lang)}` : ''}`;

/** Right, wrong or unjudged (no hotel to place the answer by, none near the point meant either), with what was answered. */
async function judgeWithin(t: TestService, placed: Placed, point: Point, km: number, destination: string | null): Promise<['right' | 'wrong' | 'unjudged', string]> {
  const got = describeAnswer(placed, point, destination);
  if (placed.kind === 'empty') return (await emptyIsFarther(t, point, km)) ? ['wrong', `${got}, so more than ${km} km away`] : ['unjudged', got];
  const d = kmFrom(placed, point);
  return [d !== null && d <= km ? 'right' : 'wrong', got];
}

/** What a traveller types for a city of this weight: prefixes, then a misspelt one. */
function cityPrefixes(city: TypeaheadCity): [category: string, typed: string][] {
  const n = city.name;
  const lengths = city.weight === 3 ? [3, 4, 5] : city.weight === 2 ? [4, 5] : [5];
  const typed = new Set<string>();
  const out: [string, string][] = [];
  for (const len of [...lengths, n.length - 1]) {
    const p = n.slice(0, len).trimEnd();
    if (p.length >= 3 && p.length < n.length && !typed.has(p)) [typed.add(p), out.push([`city prefix (${len === n.length - 1 ? 'all but the last letter' : `${len} letters`})`, p])];
  }
  const wrong = city.weight >= 2 ? misspelt(n.slice(0, Math.max(6, Math.min(n.length - 1, 7)))) : null;
  if (wrong && !typed.has(wrong)) out.push(['city prefix misspelt', wrong]);
  return out;
}

describe('held-back relevance set (reported apart, never tuned on)', () => {
  let t: TestService;
  let locate: (placeId: string) => Promise<Placed>;
  const reports: string[] = [];

  beforeAll(async () => {
    t = await startTestService(null, { DEMO_CATALOG: 'true', DEMO_HOTELS: '50000' });
    locate = placeIdLocator(t);
  }, 120_000);

  afterAll(async () => {
    if (reports.length > 0) console.log(`\n===== held-back summary =====\n${reports.join('\n')}`);
    await t?.close();
  });

  it('is loaded, and large enough', () => {
    expect(LOCALIZED.length).toBeGreaterThanOrEqual(500);
    expect(new Set(LOCALIZED.map((c) => c.lang)).size).toBeGreaterThanOrEqual(20);
    expect(AREAS.cases.length + AREAS.none.length).toBeGreaterThanOrEqual(100);
    expect(FAR.length).toBeGreaterThanOrEqual(40);
    expect(NAMESAKES.length).toBeGreaterThanOrEqual(20);
    expect(TYPEAHEAD.length).toBeGreaterThanOrEqual(50);
  });

  it('city names in other languages (CLDR), and with a typo', async () => {
    const tally = new Tally();
    for (const c of LOCALIZED) {
      const a = await searchPlaced(t, sent(c.text, c.lang));
      const [outcome, got] = await judgeWithin(t, a.placed, c, CITY_KM, a.destination);
      tally.add(`${c.typo ? 'typo' : 'name'} ${c.lang}`, outcome, `${c.lang} ${JSON.stringify(c.text)} (${c.english}, ${c.country}): got ${got}`);
    }
    const all = new Tally();
    for (const kind of ['name', 'typo']) {
      for (const [category, right] of tally.right) {
        if (!category.startsWith(kind)) continue;
        for (let i = 0; i < right; i++) all.add(`localized ${kind === 'name' ? 'names' : 'names with a typo'}`, 'right');
        for (const w of tally.wrong.get(category)!) all.add(`localized ${kind === 'name' ? 'names' : 'names with a typo'}`, 'wrong', w);
        for (const u of tally.unjudged.get(category)!) all.add(`localized ${kind === 'name' ? 'names' : 'names with a typo'}`, 'unjudged', u);
      }
    }
    tally.print('localized city names, by language', 6);
    reports.push(all.print('localized city names (all languages)', 0));
    expect(all.judged('localized names')).toBeGreaterThanOrEqual(300);
  }, LONG);

  it('tourist areas: regions, valleys, coasts, island groups, mountain areas, sights', async () => {
    const tally = new Tally();
    for (const c of AREAS.cases) {
      const a = await searchPlaced(t, sent(c.text));
      const [outcome, got] = await judgeWithin(t, a.placed, c, c.km, a.destination);
      tally.add(`area ${c.kind}`, outcome, `${JSON.stringify(c.text)} (${c.country}, ${c.km} km): got ${got}`);
      tally.add('areas (all)', outcome, `${JSON.stringify(c.text)} (${c.country}, ${c.km} km): got ${got}`);
    }
    for (const text of AREAS.none) {
      const a = await searchPlaced(t, sent(text));
      tally.add('names of nothing (404 is right)', a.placed.kind === '404' ? 'right' : 'wrong', `${JSON.stringify(text)}: got ${JSON.stringify(a.destination)}`);
    }
    reports.push(tally.print('tourist areas', 40));
  }, LONG);

  it('never a far wrong place', async () => {
    const tally = new Tally();
    let far = 0;
    let judged = 0;
    for (const c of FAR) {
      const a = await searchPlaced(t, sent(c.text));
      const d = kmFrom(a.placed, c);
      const got = describeAnswer(a.placed, c, a.destination);
      const note = `${JSON.stringify(c.text)} (meant ${c.country}; tempting: ${c.tempting}): got ${got}`;
      if (a.placed.kind === 'empty' && (await emptyIsFarther(t, c, c.km))) [tally.add('right place or 404', 'wrong', `${note}, so more than ${c.km} km away`), tally.add('not far wrong (nothing > 300 km off)', 'unjudged', note)];
      else if (a.placed.kind === 'empty' || a.placed.kind === 'error') tally.add('right place or 404', 'unjudged', note);
      else {
        judged++;
        const right = a.placed.kind === '404' || (d !== null && d <= c.km);
        tally.add('right place or 404', right ? 'right' : 'wrong', note);
        if (d !== null && d > Math.max(FAR_KM, c.km)) [far++, tally.add('not far wrong (nothing > 300 km off)', 'wrong', note)];
        else tally.add('not far wrong (nothing > 300 km off)', 'right');
      }
    }
    const text = tally.print('far wrong places', 60);
    reports.push(`${text}\n  far-wrong rate: ${far} of ${judged} (${((far / Math.max(1, judged)) * 100).toFixed(1)}%)`);
    console.log(`far-wrong rate: ${far} of ${judged}`);
  }, LONG);

  it(`typeahead: the city or hotel being typed among the first ${SHOWN} suggestions`, async () => {
    const tally = new Tally();
    for (const city of TYPEAHEAD) {
      for (const [category, typed] of cityPrefixes(city)) {
        const r = await t.request(`/v1/suggest?limit=${SHOWN}&q=${encodeURIComponent(typed)}`);
        const places = (r.body.places ?? []) as { place_id: string; label: string; kind: string; country_code: string }[];
        let right = false;
        for (const p of places) {
          // A city, or a city-state named as its country or region.
          if (p.kind !== 'city' && !(['HK', 'MO', 'SG'].includes(city.country) && p.kind !== 'airport')) continue;
          const d = kmFrom(await locate(p.place_id), city);
          if (d !== null && d <= CITY_KM) right = true;
        }
        tally.add(`${category} (weight ${city.weight})`, right ? 'right' : 'wrong', `${JSON.stringify(typed)} for ${city.name}: got ${JSON.stringify(places.map((p) => p.label))}`);
      }
    }
    // Hotels of the demo catalog near the most visited cities, read through the API (the catalog is
    // the same in every checkout): of the twenty nearest each city's point, one whose name no other
    // hotel has, the k-th for the k-th city (round the list).
    const names = demoHotelNames();
    for (const [n, city] of TYPEAHEAD.filter((c) => c.weight >= 2).entries()) {
      const page = await t.request(`/v1/hotels/search?lat=${city.lat}&lng=${city.lng}&radius_km=15&limit=20`);
      const hotels = (page.body.hotels ?? []) as { id: string; name: string }[];
      const hotel = hotels.map((_, k) => hotels[(n * 7 + k) % hotels.length]!).find((h) => names.named(h.name) === 1);
      if (!hotel) continue;
      const typedCases = hotelTypings(hotel.name, names);
      for (const [category, typed] of typedCases) {
        const r = await t.request(`/v1/suggest?limit=${SHOWN}&q=${encodeURIComponent(typed)}`);
        const ids = ((r.body.hotels ?? []) as { id: string; name: string }[]).map((h) => h.id);
        tally.add(category, ids.includes(hotel.id) ? 'right' : 'wrong', `${JSON.stringify(typed)} for ${hotel.name} (${hotel.id}): got ${JSON.stringify(((r.body.hotels ?? []) as { name: string }[]).map((h) => h.name))}`);
      }
    }
    reports.push(tally.print('typeahead', 15));
  }, LONG);

  it('namesakes: the smaller namesake meant, as the answer or among its alternatives', async () => {
    const tally = new Tally();
    for (const c of NAMESAKES) {
      const near = await t.request(`/v1/hotels/search?lat=${c.lat}&lng=${c.lng}&radius_km=${Math.min(50, c.km)}&limit=1`);
      if ((near.body.total ?? 0) === 0) {
        tally.add('namesakes', 'unjudged', `${c.meant}: no hotel of the catalog within ${c.km} km`);
        continue;
      }
      const a = await searchPlaced(t, sent(c.text));
      let right = (kmFrom(a.placed, c) ?? Infinity) <= c.km;
      for (const alt of a.alternatives) if (!right && (kmFrom(await locate(alt.place_id), c) ?? Infinity) <= c.km) right = true;
      tally.add('namesakes', right ? 'right' : 'wrong', `${JSON.stringify(c.text)} meaning ${c.meant}: got ${describeAnswer(a.placed, c, a.destination)}, alternatives ${JSON.stringify(a.alternatives.map((x) => x.label))}`);
    }
    reports.push(tally.print('namesakes', 45));
  }, LONG);
});
