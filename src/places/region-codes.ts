// GeoNames renumbers a country's first-level regions now and then (Vietnam's after its 2025
// merger of provinces). The bundled cities table and the bundled region names come from two
// packages, and so from two GeoNames releases: where a country was renumbered between them,
// each city would be labelled and filed under another region ("Hanoi, Quang Tri, Vietnam",
// "Ho Chi Minh City, Lạng Sơn Province"), and a search for that region would answer another
// one's hotels. Such a country is told by its cities named as a region (Hanoi, Da Nang City):
// in step, nearly all of them are filed under that region's code. A country out of step keeps
// its cities, labelled with the country alone, and loses its regions.
import { foldText } from '../text/fold.js';
import type { CitySource, RegionSource } from './gazetteer-sources.js';

/** Words a region's name carries beside the name it shares with its city. */
const REGION_WORDS = /\b(?:city|province|region|state|prefecture|municipality|governorate|oblast|capital|metropolitan|district|department)\b|\([^)]*\)/g;
/** Towns this big are counted: a village may well bear a distant region's name. */
const MIN_PEOPLE = 50_000;
/** A country is out of step from this many namesake cities filed under another region... */
const MIN_DISAGREEING = 3;
/** ...when they outnumber those filed under their namesake region this many times. */
const DISAGREEING_SHARE = 2;

const coreName = (name: string) => foldText(name.toLowerCase().replace(REGION_WORDS, ' ')).replaceAll(' ', '');

/** Country codes whose cities' region codes do not match the region names' codes. */
export function countriesOutOfStep(cities: readonly CitySource[], regions: readonly RegionSource[]): Set<string> {
  const regionByName = new Map<string, string>();
  for (const r of regions) regionByName.set(`${r.key.split('.')[0]}:${coreName(r.name)}`, r.key);
  const tally = new Map<string, { agree: number; disagree: number }>();
  for (const c of cities) {
    if (c.population < MIN_PEOPLE) continue;
    const key = regionByName.get(`${c.countryCode}:${coreName(c.name)}`);
    if (key === undefined) continue;
    const t = tally.get(c.countryCode) ?? { agree: 0, disagree: 0 };
    if (key === `${c.countryCode}.${c.admin1}`) t.agree++;
    else t.disagree++;
    tally.set(c.countryCode, t);
  }
  const out = new Set<string>();
  for (const [country, { agree, disagree }] of tally) {
    if (disagree >= MIN_DISAGREEING && disagree > DISAGREEING_SHARE * agree) out.add(country);
  }
  return out;
}

/** The regions of the countries whose codes the cities share. */
export function regionsInStep(cities: readonly CitySource[], regions: RegionSource[]): RegionSource[] {
  const out = countriesOutOfStep(cities, regions);
  return out.size === 0 ? regions : regions.filter((r) => !out.has(r.key.split('.')[0]));
}
