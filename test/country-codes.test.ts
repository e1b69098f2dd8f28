// The import command checks a feed's country codes without building the gazetteer: the codes
// it accepts must be exactly the countries the gazetteer knows, or feeds would pass the CLI
// that the servers cannot place (or be refused for countries they know).
import { describe, expect, it } from 'vitest';
import { gazetteerCountryCodes } from '../src/catalog/country-codes.js';
import { builtInGazetteer } from '../src/places/gazetteer.js';

describe("the import command's country check", () => {
  it('accepts exactly the two-letter codes the gazetteer has a country for', () => {
    const gazetteer = builtInGazetteer();
    const codes = gazetteerCountryCodes();
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    const differences = letters
      .flatMap((a) => letters.map((b) => a + b))
      .filter((code) => codes.has(code) !== (gazetteer.country(code) !== undefined));
    expect(differences).toEqual([]);
    expect(codes.size).toBeGreaterThan(240);
    expect(['PT', 'FR', 'US', 'JP'].every((code) => codes.has(code))).toBe(true);
    expect(codes.has('XX')).toBe(false);
  });
});
