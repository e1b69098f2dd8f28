// Cities and region names from two GeoNames releases: a country whose regions were renumbered
// between them is told apart and loses its regions, so no city is labelled with another's.
import { describe, expect, it } from 'vitest';
import type { CitySource, RegionSource } from '../src/places/gazetteer-sources.js';
import { countriesOutOfStep, regionsInStep } from '../src/places/region-codes.js';

const city = (name: string, countryCode: string, admin1: string, population = 500_000): CitySource => ({
  geonameId: 0,
  name,
  asciiName: name,
  alternateNames: [],
  countryCode,
  admin1,
  lat: 0,
  lng: 0,
  population,
  featureCode: 'PPLA',
});

const regions: RegionSource[] = [
  // Renumbered: each namesake city still carries its old code.
  { key: 'AA.01', name: 'Alpha City' },
  { key: 'AA.02', name: 'Beta Province' },
  { key: 'AA.03', name: 'Gamma (GMM)' },
  // In step.
  { key: 'BB.01', name: 'Delta' },
  { key: 'BB.02', name: 'Epsilon Region' },
  // Namesakes across a border of regions, as Kansas City lies in Missouri: in step still.
  { key: 'CC.01', name: 'Zeta' },
  { key: 'CC.02', name: 'Eta' },
  { key: 'CC.03', name: 'Theta' },
  { key: 'CC.04', name: 'Iota' },
];

const cities = [
  city('Alpha', 'AA', '02'),
  city('Beta', 'AA', '03'),
  city('Gamma', 'AA', '01'),
  city('Delta', 'BB', '01'),
  city('Epsilon', 'BB', '02'),
  city('Zeta', 'CC', '01'),
  city('Eta', 'CC', '02'),
  city('Theta', 'CC', '01'),
  city('Iota', 'CC', '02'),
  city('Zeta City', 'CC', '03'),
  // Villages named after a distant region are not counted.
  city('Delta', 'BB', '02', 900),
  city('Epsilon', 'BB', '01', 900),
  city('Delta Village', 'BB', '02', 900),
];

describe('regions numbered by another GeoNames release than the cities', () => {
  it('tells the country whose namesake cities are filed under other regions, and only it', () => {
    expect([...countriesOutOfStep(cities, regions)]).toEqual(['AA']);
    expect(regionsInStep(cities, regions).map((r) => r.key)).toEqual(['BB.01', 'BB.02', 'CC.01', 'CC.02', 'CC.03', 'CC.04']);
  });

  it('keeps every region when the codes agree', () => {
    const inStep = cities.filter((c) => c.countryCode !== 'AA');
    expect(regionsInStep(inStep, regions)).toBe(regions);
  });
});
