// The countries a feed's hotels may be in, without building the whole gazetteer (about 2 s of
// cities and names): every gazetteer, the bundled one or one loaded from a GeoNames dump, takes
// its countries from the bundled country data, so checking against their codes is the same check.
import { loadCountrySources } from '../places/gazetteer-sources.js';

export function gazetteerCountryCodes(): ReadonlySet<string> {
  return new Set(loadCountrySources().map((country) => country.code));
}
