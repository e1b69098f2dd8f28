// The gazetteer: every city, first-level region, country, airport and landmark the service
// knows (and, from a loaded GeoNames dump, well-known islands, areas, lakes and sights), found by folded name (any spelling it knows), by id, or by nearness to a point.
import { IndexBuffer } from '../search/index-buffer.js';
import { KdTree } from '../search/kd-tree.js';
import { circleBoxes, haversineKm } from '../search/geo.js';
import { foldText, slugify } from '../text/fold.js';
import { withoutKindWords } from './words-without-place.js';
import { areaBonus, areaPlace, areaReachKm, AREA_TYPO_MIN_KM2, boxKm2, inBox, loadAreaSources, type AreaSource } from './areas.js';
import {
  loadAirportSources,
  loadCityLanguageNames,
  loadCitySources,
  loadCountrySources,
  loadRegionAliases,
  loadRegionSources,
  type AirportSource,
  type CityNameSource,
  type CitySource,
  type CountrySource,
  type RegionAliases,
  type RegionSource,
} from './gazetteer-sources.js';
import { featureNames, featurePlace } from './feature-places.js';
import type { FeatureSource } from './geonames-features.js';
import { loadLandmarkSources, type LandmarkSource } from './landmarks.js';
import { cityRadiusKm, type Place } from './place.js';
import { KeyIndex } from '../text/key-index.js';
import { PlaceNames } from './place-names.js';
import { regionsInStep } from './region-codes.js';
import { TypoIndex } from './typo-index.js';

export interface GazetteerSources {
  cities: CitySource[];
  /** Cities' names in the service's languages, with those languages, by GeoNames id (bundled). */
  cityNames?: Map<number, CityNameSource[]>;
  regions: RegionSource[];
  /** Other names and letter codes of regions, by key ("Toscana" for Tuscany, "BC" for British Columbia). */
  regionAliases: RegionAliases;
  countries: CountrySource[];
  airports: AirportSource[];
  landmarks: LandmarkSource[];
  /** Islands, areas, lakes, mountains, parks and sights of a loaded GeoNames dump. */
  features?: FeatureSource[];
  /** Islands, lakes, coasts, valleys, parks... of Natural Earth, with boxes (bundled). */
  areas?: AreaSource[];
  /** What these sources are, for files built from the gazetteer (indexes) to know theirs: none for ad-hoc ones. */
  identity?: string;
}

/**
 * A name a place is known by. `bonus` is how much likelier (log10) this name means this place
 * than its population alone says: an alternate name a little less than the place's own name,
 * an IATA code or an airport's or landmark's name a lot (they have no population of their own).
 */
export interface NameEntry {
  place: Place;
  bonus: number;
  alternate: boolean;
  /** The languages the name is written in (languageMask bits of locale/languages.ts), where known. */
  languages?: number;
}

const ALTERNATE_NAME_BONUS = -0.5;
/**
 * A town known in many languages is likelier meant than a same-sized namesake known in one:
 * Delphi, Greece (26 names in GeoNames, 2,373 people) over Delphi, Indiana (2 names, 2,858).
 * log10 of the count, weighed low so that population still rules between towns of unlike size;
 * by a town's own name only (a translated name is no sign of fame: "White House" is Casablanca's).
 */
const NOTABILITY_WEIGHT = 0.25;
function notability(alternateNames: number): number {
  return NOTABILITY_WEIGHT * Math.log10(1 + alternateNames);
}
/** Cities this big are found by all their alternate names; smaller ones by their ASCII spelling. */
const ALTERNATE_NAMES_MIN_POPULATION = 15_000;
// Airports and landmarks have no population: these stand in for one. A large airport's code
// or full name weighs like a city of a million; a part of its name ("Heathrow"), a little less.
const AIRPORT_NAME_BONUS = { large: 5.5, medium: 4 };
const AIRPORT_PART_BONUS = { large: 4.5, medium: 3 };
const AIRPORT_CODE_BONUS = { large: 5, medium: 3 };
// A landmark's own name outweighs a big city's translated name ("White House" is not Casablanca).
const LANDMARK_NAME_BONUS = 7;
const LANDMARK_ALIAS_BONUS = 5.5;
/** How far (km) from an airport or a landmark a destination search looks for hotels. */
const AIRPORT_RADIUS_KM = 15;
const LANDMARK_RADIUS_KM = 3;
/** Words of an airport's name that only say it is one. */
const AIRPORT_WORDS = new Set(['airport', 'international', 'intl', 'airfield', 'aerodrome']);

/** Cities this big are found through a typo in their own or ASCII name; this big, in any Latin-script name ("Sevile"). */
const TYPO_NAMES_MIN_POPULATION = 20_000;
const TYPO_ALTERNATES_MIN_POPULATION = 250_000;

/** How far (km) a hotel whose city name is unknown may be from the city it is filed under. */
const NEAREST_CITY_KM = 30;
/** A sight or an airport is where a city is when it lies within the city's reach and this much more (JFK is 19 km from Manhattan). */
const SIGHT_TO_CITY_KM = 15;
/** How far (km) a hotel may be from a same-named city and still be filed under it. */
const SAME_NAME_CITY_KM = 100;
/** How far (km) from a sight the town it is labelled by may be, and the least people that town has. */
const SIGHT_TOWN_KM = 15;
const SIGHT_TOWN_MIN_POPULATION = 1_000;
/** How far (km) from an area's middle a town whose region its label names may be. */
const AREA_TOWN_KM = 30;

export class Gazetteer {
  /** Which sources it was built from ("bundled", a loaded dump's time); null for ad-hoc sources. */
  readonly identity: string | null;
  readonly cities: Place[] = [];
  /** Regions, countries, airports, landmarks and features. */
  private readonly otherPlaces: Place[] = [];
  /**
   * Every name a place is known by (after the places: they save and read back as references to
   * them). Read by number, as columns, where entries are read by the thousand (place suggestions).
   */
  readonly names = new PlaceNames();
  /** While building: every place by id; then frozen into `ids` and `idPlaces`. */
  private byId: Map<string, Place> | null = new Map();
  private ids: KeyIndex = new KeyIndex([]);
  private idPlaces: Place[] = [];
  /** Folded names and codes of each country, for "City, Country" qualifiers. */
  private readonly countryNames = new Map<string, Set<string>>();
  private readonly capitals = new Map<string, Place>();
  private readonly foldedRegionNames: Map<string, string>;
  private readonly regionCodes: ReadonlyMap<string, string>;
  private readonly cityTree: KdTree;
  /** Folded other names of regions, by key: a feature bearing one is left to the region. */
  private readonly regionAliasNames: Map<string, Set<string>>;
  private readonly hits = new IndexBuffer(256);
  /** Names of the places many travellers go to, for reading a typo as one of them. */
  private readonly typos = new TypoIndex();

  constructor(sources: GazetteerSources) {
    this.identity = sources.identity ?? null;
    const countries = new Map(sources.countries.map((c) => [c.code, c]));
    const regionNames = new Map(sources.regions.map((r) => [r.key, r.name]));
    const foldedRegionNames = new Map(sources.regions.map((r) => [r.key, foldText(r.name)]));
    const foldedCountryNames = new Map(sources.countries.map((c) => [c.code, foldText(c.name)]));
    this.foldedRegionNames = foldedRegionNames;
    this.regionCodes = new Map([...sources.regionAliases.codes].map(([key, code]) => [key, code.toLowerCase()]));
    const regionTotals = new Map<string, { population: number; lat: number; lng: number }>();
    const countryTotals = new Map<string, number>();
    const airportCodes = new Set(sources.airports.map((a) => a.iata));
    const largeAirportCodes = new Set(sources.airports.filter((a) => a.large).map((a) => a.iata));

    for (const c of sources.cities) {
      const country = countries.get(c.countryCode);
      if (!country) continue;
      const regionKey = `${c.countryCode}.${c.admin1}`;
      const regionName = regionNames.get(regionKey);
      const foldedName = foldText(c.name);
      // A region called as its city or its country says nothing more ("Taipei, Taiwan", not "Taipei, Taiwan, Taiwan").
      const foldedRegionName = foldedRegionNames.get(regionKey);
      const regionSaysMore = regionName && foldedRegionName !== foldedName && foldedRegionName !== foldedCountryNames.get(c.countryCode);
      const label = [c.name, regionSaysMore ? regionName : null, country.name]
        .filter(Boolean)
        .join(', ');
      const place: Place = {
        id: `geonames:${c.geonameId}`,
        kind: 'city',
        name: c.name,
        label,
        countryCode: c.countryCode,
        regionKey: regionName ? regionKey : null,
        lat: c.lat,
        lng: c.lng,
        population: c.population,
        hasCentre: true,
        radiusKm: cityRadiusKm(c.population),
        nearestFirst: false,
      };
      this.cities.push(place);
      this.register(place);
      const known = notability(c.alternateNames.length);
      this.addEntry(foldedName, { place, bonus: known, alternate: false });
      if (c.population >= TYPO_NAMES_MIN_POPULATION) {
        this.typos.add(foldedName);
        this.typos.add(foldText(c.asciiName));
        if (c.population >= TYPO_ALTERNATES_MIN_POPULATION) for (const alternate of c.alternateNames) this.typos.add(foldText(alternate));
      }
      // One entry object for all of a city's alternate names. Towns keep only their ASCII
      // spelling: the 600,000 names of every town would double the memory and the start-up
      // time for names hardly anyone searches by.
      const alternateEntry: NameEntry = { place, bonus: ALTERNATE_NAME_BONUS, alternate: true };
      // Names with their languages first: a name also among the untagged ones keeps its languages.
      const spoken = c.population >= ALTERNATE_NAMES_MIN_POPULATION ? sources.cityNames?.get(c.geonameId) : undefined;
      for (const { name, languages } of spoken ?? []) {
        const key = foldText(name);
        if (key === foldedName || (name.length === 3 && airportCodes.has(name.toUpperCase()))) continue;
        this.addEntry(key, { ...alternateEntry, languages });
        if (c.population >= TYPO_ALTERNATES_MIN_POPULATION) this.typos.add(key);
      }
      const alternates = c.population >= ALTERNATE_NAMES_MIN_POPULATION ? [c.asciiName, ...c.alternateNames] : [c.asciiName];
      for (const alternate of alternates) {
        // Airport codes in a city's names ("MUC", "prg") are left to the airport itself.
        if (alternate.length === 3 && airportCodes.has(alternate.toUpperCase())) continue;
        const key = foldText(alternate);
        if (key !== foldedName) this.addEntry(key, alternateEntry);
      }
      if (c.featureCode === 'PPLC' && (this.capitals.get(c.countryCode)?.population ?? -1) < c.population) {
        this.capitals.set(c.countryCode, place);
      }
      countryTotals.set(c.countryCode, (countryTotals.get(c.countryCode) ?? 0) + c.population);
      if (regionName) {
        const t = regionTotals.get(regionKey) ?? { population: 0, lat: 0, lng: 0 };
        // Population-weighted centre; +1 so that regions of unpopulated places still get one.
        const w = c.population + 1;
        t.lat = (t.lat * t.population + c.lat * w) / (t.population + w);
        t.lng = (t.lng * t.population + c.lng * w) / (t.population + w);
        t.population += w;
        regionTotals.set(regionKey, t);
      }
    }

    for (const r of sources.regions) {
      const countryCode = r.key.split('.')[0];
      const country = countries.get(countryCode);
      const totals = regionTotals.get(r.key);
      if (!country || !totals) continue;
      const place: Place = {
        id: `region:${r.key}`,
        kind: 'region',
        name: r.name,
        label: foldText(r.name) === foldedCountryNames.get(countryCode) ? country.name : `${r.name}, ${country.name}`,
        countryCode,
        regionKey: r.key,
        lat: totals.lat,
        lng: totals.lng,
        population: totals.population,
        hasCentre: false,
        radiusKm: 50,
        nearestFirst: false,
      };
      const aliases = (sources.regionAliases.names.get(r.key) ?? []).filter((alias) => alias !== r.name);
      this.add(place, [r.name], 0, false);
      this.add(place, aliases, ALTERNATE_NAME_BONUS, true);
      for (const name of [r.name, ...aliases]) this.typos.add(foldText(name));
    }

    for (const c of sources.countries) {
      const place: Place = {
        id: `country:${c.code}`,
        kind: 'country',
        name: c.name,
        label: c.name,
        countryCode: c.code,
        regionKey: null,
        lat: c.lat,
        lng: c.lng,
        population: countryTotals.get(c.code) ?? 0,
        hasCentre: false,
        radiusKm: 50,
        nearestFirst: false,
      };
      this.add(place, [c.name], 0, false);
      // A three-letter ISO code that is also a large airport's IATA code ("FRA", "CAN", "MEX")
      // names the airport: travellers searching hotels type airport codes, not ISO alpha-3
      // codes. It still qualifies a city ("Paris, FRA").
      this.add(place, c.aliases.filter((alias) => !largeAirportCodes.has(alias)), ALTERNATE_NAME_BONUS, true);
      for (const name of [c.name, ...c.aliases]) this.typos.add(foldText(name));
      this.countryNames.set(c.code, new Set([c.name, ...c.aliases, c.code].map(foldText).filter(Boolean)));
    }

    for (const a of sources.airports) this.addAirport(a, countries.get(a.countryCode));
    for (const l of sources.landmarks) this.addLandmark(l, countries.get(l.countryCode));

    this.cityTree = new KdTree(
      this.cities.map((p) => p.lng),
      this.cities.map((p) => p.lat),
    );
    this.regionAliasNames = new Map([...sources.regionAliases.names].map(([key, names]) => [key, new Set(names.map(foldText))]));
    // Areas first: a dump's feature that is one of them (its name, inside its box) is left to it.
    for (const area of sources.areas ?? []) this.addArea(area, countries.get(area.countries[0]), regionNames);
    for (const f of sources.features ?? []) this.addFeature(f, countries.get(f.countryCode), regionNames);
    this.typos.freeze();
    this.names.freeze();
    this.ids = new KeyIndex([...this.byId!.keys()]);
    this.idPlaces = [...this.byId!.values()];
    this.byId = null;
  }

  /** Makes a place findable by its id. */
  private register(place: Place): void {
    if (this.byId === null) throw new Error('the gazetteer is built');
    if (this.byId.get(place.id) === place) return;
    this.byId.set(place.id, place);
    if (place.kind !== 'city') this.otherPlaces.push(place);
  }

  private add(place: Place, names: string[], bonus: number, alternate: boolean): void {
    this.register(place);
    const entry: NameEntry = { place, bonus, alternate };
    for (const name of names) this.addEntry(foldText(name), entry);
  }

  private addName(key: string, place: Place, bonus: number, alternate: boolean): void {
    this.addEntry(key, { place, bonus, alternate });
  }

  /** Files a name under a key, unless the key is empty or already leads to the place. */
  private addEntry(key: string, entry: NameEntry): void {
    this.names.add(key, entry);
  }

  /**
   * An airport under its code and its names: "London Heathrow Airport" is also "London
   * Heathrow", "Heathrow Airport" and "Heathrow"; a name that is only its city's ("Munich"
   * of "Munich Airport") stays the city's.
   */
  private addAirport(a: AirportSource, country: CountrySource | undefined): void {
    if (!country) return;
    const size = a.large ? 'large' : 'medium';
    const place: Place = {
      id: `iata:${a.iata}`,
      kind: 'airport',
      name: a.name,
      label: [`${a.name} (${a.iata})`, a.municipality, country.name].filter(Boolean).join(', '),
      countryCode: a.countryCode,
      regionKey: null,
      lat: a.lat,
      lng: a.lng,
      population: 0,
      hasCentre: true,
      radiusKm: AIRPORT_RADIUS_KM,
      nearestFirst: true,
    };
    this.register(place);
    const city = foldText(a.municipality);
    if (a.large) this.typos.add(foldText(a.name));
    this.addName(a.iata.toLowerCase(), place, AIRPORT_CODE_BONUS[size], false);
    this.addName(`${a.iata.toLowerCase()} airport`, place, AIRPORT_NAME_BONUS[size], false);
    // "Newark Airport": where a city has several, the large one is likelier.
    if (city) this.addName(`${city} airport`, place, AIRPORT_PART_BONUS[size], false);
    // "Humberto Delgado Airport (Lisbon Portela Airport)", "Montreal / Pierre Elliott Trudeau
    // International Airport": each part is a name too.
    // A part that names a region or the country ("Ngurah Rai (Bali) International Airport")
    // stays the area's name.
    const namesArea = (folded: string) =>
      this.entriesNamed(folded).some((e) => (e.place.kind === 'region' || e.place.kind === 'country') && e.place.countryCode === a.countryCode);
    for (const part of new Set([a.name, ...a.name.split(/[/()]/).map((p) => p.trim()).filter(Boolean)])) {
      const folded = foldText(part);
      if (folded !== foldText(a.name) && namesArea(folded)) continue;
      this.addName(folded, place, AIRPORT_NAME_BONUS[size], false);
      const core = folded.split(' ').filter((w) => !AIRPORT_WORDS.has(w)).join(' ');
      const withoutCity = city && core.startsWith(`${city} `) ? core.slice(city.length + 1) : core;
      for (const name of new Set([core, withoutCity])) {
        if (!name || name === city) continue;
        this.addName(`${name} airport`, place, AIRPORT_NAME_BONUS[size], false);
        this.addName(name, place, AIRPORT_PART_BONUS[size], false);
      }
    }
  }

  private addLandmark(l: LandmarkSource, country: CountrySource | undefined): void {
    if (!country) return;
    const place: Place = {
      id: `landmark:${slugify(l.name)}`,
      kind: 'landmark',
      name: l.name,
      label: `${l.name}, ${l.city}, ${country.name}`,
      countryCode: l.countryCode,
      regionKey: null,
      lat: l.lat,
      lng: l.lng,
      population: 0,
      hasCentre: true,
      radiusKm: LANDMARK_RADIUS_KM,
      nearestFirst: true,
    };
    this.register(place);
    this.addName(foldText(l.name), place, LANDMARK_NAME_BONUS, false);
    for (const alias of l.aliases) this.addName(foldText(alias), place, LANDMARK_ALIAS_BONUS, true);
    for (const name of [l.name, ...l.aliases]) this.typos.add(foldText(name));
  }

  /**
   * An island, area, lake or sight of a dump. One named as its own country or region
   * ("Malta", "Bali", "Sicily") is left to them: the country or region holds its hotels.
   */
  private addFeature(f: FeatureSource, country: CountrySource | undefined, regionNames: Map<string, string>): void {
    if (!country) return;
    const regionKey = `${f.countryCode}.${f.admin1}`;
    const folded = foldText(f.name);
    if (this.countryNames.get(f.countryCode)?.has(folded)) return;
    if (this.foldedRegionNames.get(regionKey) === folded || this.regionAliasNames.get(regionKey)?.has(folded)) return;
    const town = this.townAround(f.lat, f.lng, f.countryCode);
    const place = featurePlace(f, { countryName: country.name, regionName: regionNames.get(regionKey), regionKey, town });
    this.register(place);
    // One of the bundled areas (its name, inside its box) keeps its place_id, and gives its names
    // to the area ("Майорка" is Mallorca's too), which is searched for them.
    const area = this.entriesNamed(folded).find((e) => e.place.box && inBox(e.place.box, f.lat, f.lng));
    if (area) {
      for (const { key } of featureNames(f).names) this.addName(key, area.place, area.bonus + ALTERNATE_NAME_BONUS, true);
      return;
    }
    const { names, typoNames } = featureNames(f);
    for (const { key, bonus, alternate } of names) this.addName(key, place, bonus, alternate);
    for (const name of typoNames) this.typos.add(name);
  }

  /**
   * An area of Natural Earth under its name and other names. One named as its own country or
   * region ("Malta", "Sicily") is left to them, which hold their hotels; another name of it that
   * is a town's own name ("Garda" of Lake Garda) stays the town's.
   */
  private addArea(area: AreaSource, country: CountrySource | undefined, regionNames: Map<string, string>): void {
    const folded = foldText(area.name);
    const code = area.countries[0];
    // One in no country (Natural Earth places a few off every coast) has no label to give.
    if (!code || !country) return;
    if (this.countryNames.get(code)?.has(folded)) return;
    if (this.entriesNamed(folded).some((e) => e.place.kind === 'region' && !e.alternate && e.place.countryCode === code)) return;
    // In one country, it is in the region of the town nearest its middle: "Maui, Hawaii, United
    // States", and "Maui, Hawaii" qualifies it as it does a town.
    // Its region, where it qualifies it ("Big Island, Hawaii"), is that of the town nearest its
    // middle within its reach; its label names the region only when that town is close (30 km).
    const reachKm = Math.max(AREA_TOWN_KM, areaReachKm(area));
    const town = area.countries.length === 1 ? this.nearestCity(area.lat, area.lng, reachKm, code) : null;
    const regionKey = town?.regionKey ?? null;
    const labelled = town && regionKey && haversineKm(area.lat, area.lng, town.lat, town.lng) <= AREA_TOWN_KM ? regionNames.get(regionKey) : undefined;
    const place = areaPlace(area, country.name, regionKey, labelled);
    if (this.byId!.has(place.id)) return;
    this.register(place);
    const bonus = areaBonus(area);
    this.addName(folded, place, bonus, false);
    // Its other names, and its name without the words for its kind ("Serengeti" of Serengeti
    // National Park), unless a town bears one as its own name ("Garda" of Lake Garda).
    const others = new Set([...area.aliases.map(foldText), ...withoutKindWords(folded)]);
    for (const key of others) {
      if (key.length < 3 || key === folded || this.entriesNamed(key).some((e) => e.place.kind === 'city' && !e.alternate)) continue;
      this.addName(key, place, bonus + ALTERNATE_NAME_BONUS, true);
    }
    // A large area, or a sight, is well known enough to be read through a typo.
    if ((!area.point && boxKm2(area.box) >= AREA_TYPO_MIN_KM2) || area.kind === 'sight') {
      for (const key of [folded, ...withoutKindWords(folded)]) this.typos.add(key);
    }
  }

  /** The town a sight stands in: of the towns near, the one biggest for its distance. */
  private townAround(lat: number, lng: number, countryCode: string): Place | null {
    let best: Place | null = null;
    let bestScore = -Infinity;
    for (const [minLng, minLat, maxLng, maxLat] of circleBoxes(lat, lng, SIGHT_TOWN_KM)) {
      this.hits.clear();
      this.cityTree.range(minLng, minLat, maxLng, maxLat, this.hits);
      for (let i = 0; i < this.hits.length; i++) {
        const city = this.cities[this.hits.items[i]];
        if (city.countryCode !== countryCode || city.population < SIGHT_TOWN_MIN_POPULATION) continue;
        const km = haversineKm(lat, lng, city.lat, city.lng);
        // Ten times the people is worth 5 km more: Venice over Mestre for the Rialto Bridge.
        const score = Math.log10(city.population) - km / 5;
        if (km <= SIGHT_TOWN_KM && score > bestScore) {
          best = city;
          bestScore = score;
        }
      }
    }
    return best;
  }

  /** A place by its id (`geonames:…`, `region:…`, `country:…`). */
  get(id: string): Place | undefined {
    if (this.byId !== null) return this.byId.get(id);
    const k = this.ids.indexOf(id);
    return k === -1 ? undefined : this.idPlaces[k];
  }

  /** Places whose name or alias folds to exactly this text, with how likely each is meant by it. */
  entriesNamed(foldedName: string): readonly NameEntry[] {
    return this.names.named(foldedName);
  }

  /**
   * Places a traveller may have meant by a text with a typo or two: those of well-known names
   * near it, with the typos it takes to get there. Empty for names filed as typed.
   */
  entriesNear(foldedText: string): { entry: NameEntry; typos: number }[] {
    return this.typos.near(foldedText).flatMap(({ name, typos }) => this.entriesNamed(name).map((entry) => ({ entry, typos })));
  }

  /** Every name the gazetteer files places under (folded); `entriesNamed` gives the places of each. */
  nameKeys(): IterableIterator<string> {
    return this.names.keys();
  }

  /** Places whose name or alias folds to exactly this text. */
  named(foldedName: string): Place[] {
    return this.entriesNamed(foldedName).map((e) => e.place);
  }

  region(key: string): Place | undefined {
    return this.get(`region:${key}`);
  }

  country(code: string): Place | undefined {
    return this.get(`country:${code}`);
  }

  /** The id of a country's capital city, if the gazetteer has it. */
  capitalOf(countryCode: string): string | undefined {
    return this.capitals.get(countryCode)?.id;
  }

  /** True when a folded qualifier ("texas", "tx", "united states", "us") names the place's region or country. */
  qualifies(place: Place, foldedQualifier: string): boolean {
    if (this.countryNames.get(place.countryCode)?.has(foldedQualifier)) return true;
    // A sight or an airport is also where its city is: "Central Park, New York", "Colosseum Rome".
    if (place.kind === 'landmark' || place.kind === 'airport') {
      for (const { place: city } of this.entriesNamed(foldedQualifier)) {
        if (city.kind === 'city' && haversineKm(place.lat, place.lng, city.lat, city.lng) <= city.radiusKm + SIGHT_TO_CITY_KM) return true;
      }
    }
    if ((place.kind === 'city' || place.kind === 'area') && place.regionKey) {
      if (this.foldedRegionNames.get(place.regionKey) === foldedQualifier) return true;
      // US states, Canadian provinces and others have letter codes people write: "Paris, TX",
      // "Victoria, BC" (GeoNames keys some by letters, ISO 3166-2 the others).
      const code = place.regionKey.slice(3).toLowerCase();
      if (/^[a-z]{2,3}$/.test(code) && code === foldedQualifier) return true;
      if (this.regionCodes.get(place.regionKey) === foldedQualifier) return true;
    }
    return false;
  }

  /** The nearest city to a point within `maxKm`, optionally in one country; null if none. */
  nearestCity(lat: number, lng: number, maxKm: number, countryCode?: string): Place | null {
    let best: Place | null = null;
    let bestKm = Infinity;
    for (const [minLng, minLat, maxLng, maxLat] of circleBoxes(lat, lng, maxKm)) {
      this.hits.clear();
      this.cityTree.range(minLng, minLat, maxLng, maxLat, this.hits);
      for (let i = 0; i < this.hits.length; i++) {
        const city = this.cities[this.hits.items[i]];
        if (countryCode && city.countryCode !== countryCode) continue;
        const km = haversineKm(lat, lng, city.lat, city.lng);
        if (km <= maxKm && km < bestKm) {
          best = city;
          bestKm = km;
        }
      }
    }
    return best;
  }

  /**
   * The cities of a country with this name: those it is the own name of, or else those it is
   * another name of ("München"). "London" is London, not the City of London also called so.
   */
  citiesNamed(countryCode: string, cityText: string): Place[] {
    const entries = this.entriesNamed(foldText(cityText)).filter((e) => e.place.kind === 'city' && e.place.countryCode === countryCode);
    const own = entries.filter((e) => !e.alternate);
    return (own.length > 0 ? own : entries).map((e) => e.place);
  }

  /**
   * The city a hotel is filed under: the same-named city of its country nearest to it, else
   * the nearest city of its country; null when neither is close enough.
   */
  locateCity(
    countryCode: string,
    cityText: string,
    lat: number,
    lng: number,
    sameNamed: readonly Place[] = this.citiesNamed(countryCode, cityText),
  ): Place | null {
    let best: Place | null = null;
    let bestKm = SAME_NAME_CITY_KM;
    for (const place of sameNamed) {
      const km = haversineKm(lat, lng, place.lat, place.lng);
      if (km <= bestKm) {
        best = place;
        bestKm = km;
      }
    }
    return best ?? this.nearestCity(lat, lng, NEAREST_CITY_KM, countryCode);
  }
}

/**
 * A gazetteer of the bundled data packages; a loaded GeoNames dump replaces its cities, and
 * its regions when the dump had them, and adds its features. Countries, airports and the
 * landmark list are always bundled.
 */
export function bundledGazetteer(
  cities: CitySource[] = loadCitySources(),
  regions: RegionSource[] = loadRegionSources(),
  features: FeatureSource[] = [],
  identity?: string,
): Gazetteer {
  return new Gazetteer({
    identity,
    cities,
    cityNames: loadCityLanguageNames(),
    // Regions named by another GeoNames release than the cities' may be numbered otherwise.
    regions: regionsInStep(cities, regions),
    regionAliases: loadRegionAliases(),
    countries: loadCountrySources(),
    airports: loadAirportSources(),
    landmarks: loadLandmarkSources(),
    features,
    areas: loadAreaSources(),
  });
}

let builtIn: Gazetteer | undefined;

/** The gazetteer of the bundled data packages, built once per process (it never changes). */
export function builtInGazetteer(): Gazetteer {
  builtIn ??= bundledGazetteer(loadCitySources(), loadRegionSources(), [], 'bundled');
  return builtIn;
}
