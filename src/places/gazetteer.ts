// The built-in gazetteer: every city, first-level region and country the service knows,
// found by folded name, by id, or by nearness to a point.
import { IndexBuffer } from '../search/index-buffer.js';
import { KdTree } from '../search/kd-tree.js';
import { circleBoxes, haversineKm } from '../search/geo.js';
import { foldText } from '../text/fold.js';
import {
  loadCitySources,
  loadCountrySources,
  loadRegionSources,
  type CitySource,
  type CountrySource,
  type RegionSource,
} from './gazetteer-sources.js';
import { cityRadiusKm, type Place } from './place.js';

export interface GazetteerSources {
  cities: CitySource[];
  regions: RegionSource[];
  countries: CountrySource[];
}

/** How far (km) a hotel whose city name is unknown may be from the city it is filed under. */
const NEAREST_CITY_KM = 30;
/** How far (km) a hotel may be from a same-named city and still be filed under it. */
const SAME_NAME_CITY_KM = 100;

export class Gazetteer {
  readonly cities: Place[] = [];
  private readonly byId = new Map<string, Place>();
  private readonly byName = new Map<string, Place[]>();
  /** Folded names and codes of each country, for "City, Country" qualifiers. */
  private readonly countryNames = new Map<string, Set<string>>();
  private readonly capitals = new Map<string, Place>();
  private readonly foldedRegionNames: Map<string, string>;
  private readonly cityTree: KdTree;
  private readonly hits = new IndexBuffer(256);

  constructor(sources: GazetteerSources) {
    const countries = new Map(sources.countries.map((c) => [c.code, c]));
    const regionNames = new Map(sources.regions.map((r) => [r.key, r.name]));
    const foldedRegionNames = new Map(sources.regions.map((r) => [r.key, foldText(r.name)]));
    this.foldedRegionNames = foldedRegionNames;
    const regionTotals = new Map<string, { population: number; lat: number; lng: number }>();
    const countryTotals = new Map<string, number>();

    for (const c of sources.cities) {
      const country = countries.get(c.countryCode);
      if (!country) continue;
      const regionKey = `${c.countryCode}.${c.admin1}`;
      const regionName = regionNames.get(regionKey);
      const foldedName = foldText(c.name);
      const label = [c.name, regionName && foldedRegionNames.get(regionKey) !== foldedName ? regionName : null, country.name]
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
      };
      this.cities.push(place);
      this.addFolded(place, foldedName);
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
        label: foldText(r.name) === foldText(country.name) ? country.name : `${r.name}, ${country.name}`,
        countryCode,
        regionKey: r.key,
        lat: totals.lat,
        lng: totals.lng,
        population: totals.population,
        hasCentre: false,
        radiusKm: 50,
      };
      this.add(place, [r.name]);
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
      };
      this.add(place, [c.name, ...c.aliases]);
      this.countryNames.set(c.code, new Set([c.name, ...c.aliases, c.code].map(foldText).filter(Boolean)));
    }

    this.cityTree = new KdTree(
      this.cities.map((p) => p.lng),
      this.cities.map((p) => p.lat),
    );
  }

  private add(place: Place, names: string[]): void {
    this.byId.set(place.id, place);
    for (const key of new Set(names.map(foldText))) {
      if (key) this.addName(place, key);
    }
  }

  private addFolded(place: Place, foldedName: string): void {
    this.byId.set(place.id, place);
    if (foldedName) this.addName(place, foldedName);
  }

  private addName(place: Place, key: string): void {
    const list = this.byName.get(key);
    if (list) list.push(place);
    else this.byName.set(key, [place]);
  }

  /** A place by its id (`geonames:…`, `region:…`, `country:…`). */
  get(id: string): Place | undefined {
    return this.byId.get(id);
  }

  /** Places whose name or alias folds to exactly this text. */
  named(foldedName: string): readonly Place[] {
    return this.byName.get(foldedName) ?? [];
  }

  region(key: string): Place | undefined {
    return this.byId.get(`region:${key}`);
  }

  country(code: string): Place | undefined {
    return this.byId.get(`country:${code}`);
  }

  /** The id of a country's capital city, if the gazetteer has it. */
  capitalOf(countryCode: string): string | undefined {
    return this.capitals.get(countryCode)?.id;
  }

  /** True when a folded qualifier ("texas", "tx", "united states", "us") names the place's region or country. */
  qualifies(place: Place, foldedQualifier: string): boolean {
    if (this.countryNames.get(place.countryCode)?.has(foldedQualifier)) return true;
    if (place.kind === 'city' && place.regionKey) {
      if (this.foldedRegionNames.get(place.regionKey) === foldedQualifier) return true;
      // US states, Canadian provinces and others have letter codes people write: "Paris, TX".
      const code = place.regionKey.slice(3).toLowerCase();
      if (/^[a-z]{2,3}$/.test(code) && code === foldedQualifier) return true;
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

  /** The cities of a country with this name (any spelling the gazetteer knows). */
  citiesNamed(countryCode: string, cityText: string): Place[] {
    return this.named(foldText(cityText)).filter((p) => p.kind === 'city' && p.countryCode === countryCode);
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

let builtIn: Gazetteer | undefined;

/** The gazetteer of the bundled data packages, built once per process (it never changes). */
export function builtInGazetteer(): Gazetteer {
  builtIn ??= new Gazetteer({
    cities: loadCitySources(),
    regions: loadRegionSources(),
    countries: loadCountrySources(),
  });
  return builtIn;
}
