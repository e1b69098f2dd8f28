// An independent relevance set for destinations that are areas and sights rather than towns:
// islands, island groups, lakes, valleys, coasts and peninsulas, national parks and protected
// areas, famous sights, tourist regions that are not administrative units, and deltas, deserts
// and mountains, each typed the way travellers type it ("Koh Samui island", "hotels on Lake
// Garda", "isle of skye", "near the Grand Canyon", "sagrada familia").
//
// Where the expectations come from: general geographic knowledge (Wikipedia-level facts: where a
// place is, roughly how big it is, which country it lies in). They were NOT taken from the
// service's answers, its bundled data or its output; nothing here was checked against it. The
// centres are rounded to 2–4 decimals and are meant as "the middle of the thing a traveller
// means", not as a survey point.
//
// How a test should judge a case (GET /hotels/search?destination=<typed>):
// - the answer is a place (not a 404, not a clarifying answer);
// - the answer's centre lies within `radiusKm` of (`lat`, `lng`) (great-circle distance);
// - the answer's country is `country` (ISO 3166-1 alpha-2) or one of `alsoCountries`, for the
//   few places that straddle a border (Lake Geneva, the Dead Sea, the Matterhorn...);
// - the first hotels listed (if any) lie within `radiusKm` of (`lat`, `lng`) too;
// - `wikidata`, where given, may be compared with the answer's Wikidata id if it has one; it is
//   given only where the id is certain, so a missing id means nothing.
// The label is deliberately not matched: an answer may call the place "Ko Samui" or "Koh Samui",
// "Côte d'Azur" or "French Riviera"; the circle decides.
//
// `radiusKm` is how far from the centre a hotel may still be "in/at" the place for a traveller:
// about an island's, lake's or park's half-extent, 2–10 km for a sight. A circle cannot follow a
// long or crooked shape (the Loire Valley, the Swiss Alps, Lake Baikal); for those the radius is
// a compromise, noted beside the case, that takes the heart of the area and leaves out the big
// cities beside it where it can.
//
// NOT_A_PLACE, at the end, lists feature words typed alone ("island", "the lake", "national
// park"), which name no place and must not be read as a town that happens to bear the word.

export type AreaCategory =
  | 'island'
  | 'island_group'
  | 'lake'
  | 'valley'
  | 'coast'
  | 'park'
  | 'sight'
  | 'region'
  | 'delta_desert_mountain';

export interface AreaCase {
  category: AreaCategory;
  /** What a traveller types. */
  typed: string;
  /** The place's canonical English name (for reports; not to be matched against the label). */
  name: string;
  /** ISO 3166-1 alpha-2 code of the main country. */
  country: string;
  /** Other countries an answer may lie in, for places that straddle a border. */
  alsoCountries?: readonly string[];
  lat: number;
  lng: number;
  /** How far from (lat, lng) the answer's centre and its first hotels may lie. */
  radiusKm: number;
  /** Wikidata id, given only where certain. */
  wikidata?: string;
}

/** Smallest number of cases of each category. */
export const MINIMUM_AREA_CASES: Record<AreaCategory, number> = {
  island: 20,
  island_group: 20,
  lake: 20,
  valley: 20,
  coast: 20,
  park: 20,
  sight: 20,
  region: 20,
  delta_desert_mountain: 20,
};

export const AREA_DESTINATION_CASES: readonly AreaCase[] = [
  // ── island ───────────────────────────────────────────────────────────────────────────────
  // A single island. The radius is about the island's half-extent along its long side.
  { category: 'island', typed: 'Koh Samui island', name: 'Ko Samui', country: 'TH', lat: 9.5, lng: 100.0, radiusKm: 15 },
  // The island, not its capital Santa Cruz de Tenerife (28.47, -16.25), which lies ~40 km from the
  // island's middle (Teide) and so falls outside: an answer that is the city is wrong on purpose.
  { category: 'island', typed: 'tenerife', name: 'Tenerife', country: 'ES', lat: 28.27, lng: -16.6, radiusKm: 32 },
  { category: 'island', typed: 'isle of skye', name: 'Isle of Skye', country: 'GB', lat: 57.35, lng: -6.2, radiusKm: 40 },
  { category: 'island', typed: 'Majorca', name: 'Mallorca', country: 'ES', lat: 39.61, lng: 2.95, radiusKm: 55, wikidata: 'Q8828' },
  { category: 'island', typed: 'santorini greece', name: 'Santorini', country: 'GR', lat: 36.4, lng: 25.43, radiusKm: 10 },
  { category: 'island', typed: 'hotels in Mykonos', name: 'Mykonos', country: 'GR', lat: 37.45, lng: 25.36, radiusKm: 10 },
  { category: 'island', typed: 'Crete island', name: 'Crete', country: 'GR', lat: 35.24, lng: 24.9, radiusKm: 130 },
  { category: 'island', typed: 'sicily', name: 'Sicily', country: 'IT', lat: 37.6, lng: 14.15, radiusKm: 140 },
  { category: 'island', typed: 'Sardinia', name: 'Sardinia', country: 'IT', lat: 40.05, lng: 9.05, radiusKm: 135 },
  { category: 'island', typed: 'corsica island', name: 'Corsica', country: 'FR', lat: 42.15, lng: 9.1, radiusKm: 95 },
  { category: 'island', typed: 'bali island', name: 'Bali', country: 'ID', lat: -8.4, lng: 115.19, radiusKm: 75 },
  { category: 'island', typed: 'Phuket island', name: 'Phuket', country: 'TH', lat: 7.95, lng: 98.34, radiusKm: 25 },
  { category: 'island', typed: 'maui hawaii', name: 'Maui', country: 'US', lat: 20.8, lng: -156.33, radiusKm: 45 },
  { category: 'island', typed: 'big island hawaii', name: 'Hawaiʻi (Big Island)', country: 'US', lat: 19.6, lng: -155.5, radiusKm: 90 },
  { category: 'island', typed: 'Oahu', name: 'Oʻahu', country: 'US', lat: 21.47, lng: -157.98, radiusKm: 40 },
  { category: 'island', typed: 'kauai', name: 'Kauaʻi', country: 'US', lat: 22.05, lng: -159.52, radiusKm: 30 },
  { category: 'island', typed: 'Isle of Wight', name: 'Isle of Wight', country: 'GB', lat: 50.67, lng: -1.3, radiusKm: 22 },
  { category: 'island', typed: 'isola di capri', name: 'Capri', country: 'IT', lat: 40.55, lng: 14.24, radiusKm: 5 },
  { category: 'island', typed: 'Ischia island', name: 'Ischia', country: 'IT', lat: 40.73, lng: 13.9, radiusKm: 8 },
  { category: 'island', typed: 'madiera island', name: 'Madeira', country: 'PT', lat: 32.75, lng: -16.96, radiusKm: 40 },
  { category: 'island', typed: 'Gran Canaria', name: 'Gran Canaria', country: 'ES', lat: 27.96, lng: -15.59, radiusKm: 35 },
  { category: 'island', typed: 'lanzarote', name: 'Lanzarote', country: 'ES', lat: 29.04, lng: -13.63, radiusKm: 35 },
  { category: 'island', typed: 'ibiza island', name: 'Ibiza', country: 'ES', lat: 38.98, lng: 1.43, radiusKm: 25 },
  { category: 'island', typed: 'Menorca', name: 'Menorca', country: 'ES', lat: 39.96, lng: 4.06, radiusKm: 30 },
  { category: 'island', typed: 'zanzibar island', name: 'Unguja (Zanzibar Island)', country: 'TZ', lat: -6.1, lng: 39.36, radiusKm: 45 },
  { category: 'island', typed: 'Jeju island', name: 'Jeju Island', country: 'KR', lat: 33.38, lng: 126.55, radiusKm: 45 },
  { category: 'island', typed: 'tasmania island', name: 'Tasmania', country: 'AU', lat: -42.0, lng: 146.6, radiusKm: 200 },
  { category: 'island', typed: 'Vancouver Island', name: 'Vancouver Island', country: 'CA', lat: 49.65, lng: -125.7, radiusKm: 240 },
  { category: 'island', typed: 'langkawi', name: 'Langkawi', country: 'MY', lat: 6.35, lng: 99.8, radiusKm: 15 },
  { category: 'island', typed: 'boracay', name: 'Boracay', country: 'PH', lat: 11.97, lng: 121.92, radiusKm: 5 },
  { category: 'island', typed: 'Palawan island', name: 'Palawan', country: 'PH', lat: 9.9, lng: 118.75, radiusKm: 200 },
  { category: 'island', typed: 'Bora Bora', name: 'Bora Bora', country: 'PF', lat: -16.5, lng: -151.74, radiusKm: 10 },
  { category: 'island', typed: 'tahiti', name: 'Tahiti', country: 'PF', lat: -17.65, lng: -149.45, radiusKm: 30 },
  { category: 'island', typed: "martha's vineyard", name: "Martha's Vineyard", country: 'US', lat: 41.39, lng: -70.62, radiusKm: 18 },
  { category: 'island', typed: 'Nantucket island', name: 'Nantucket', country: 'US', lat: 41.28, lng: -70.1, radiusKm: 15 },
  { category: 'island', typed: 'hvar island', name: 'Hvar', country: 'HR', lat: 43.14, lng: 16.75, radiusKm: 35 },
  { category: 'island', typed: 'Rhodes island', name: 'Rhodes', country: 'GR', lat: 36.17, lng: 27.95, radiusKm: 40 },
  { category: 'island', typed: 'corfu', name: 'Corfu', country: 'GR', lat: 39.6, lng: 19.88, radiusKm: 35 },
  { category: 'island', typed: 'Gozo', name: 'Gozo', country: 'MT', lat: 36.04, lng: 14.25, radiusKm: 10 },
  { category: 'island', typed: 'lombok island', name: 'Lombok', country: 'ID', lat: -8.65, lng: 116.32, radiusKm: 45 },
  { category: 'island', typed: 'Sylt', name: 'Sylt', country: 'DE', lat: 54.9, lng: 8.33, radiusKm: 20 },
  { category: 'island', typed: 'rugen island', name: 'Rügen', country: 'DE', lat: 54.42, lng: 13.4, radiusKm: 30 },
  { category: 'island', typed: 'Fernando de Noronha', name: 'Fernando de Noronha', country: 'BR', lat: -3.85, lng: -32.42, radiusKm: 7 },
  { category: 'island', typed: 'mackinac island', name: 'Mackinac Island', country: 'US', lat: 45.85, lng: -84.62, radiusKm: 5 },

  // ── island_group ─────────────────────────────────────────────────────────────────────────
  // An archipelago or a named group of islands. The radius reaches the main inhabited islands.
  { category: 'island_group', typed: 'Canary Islands', name: 'Canary Islands', country: 'ES', lat: 28.3, lng: -15.8, radiusKm: 260, wikidata: 'Q5813' },
  { category: 'island_group', typed: 'balearic islands', name: 'Balearic Islands', country: 'ES', lat: 39.5, lng: 2.9, radiusKm: 165, wikidata: 'Q5765' },
  { category: 'island_group', typed: 'the Azores', name: 'Azores', country: 'PT', lat: 38.5, lng: -28.0, radiusKm: 320, wikidata: 'Q25263' },
  { category: 'island_group', typed: 'Cyclades islands', name: 'Cyclades', country: 'GR', lat: 37.0, lng: 25.1, radiusKm: 110 },
  { category: 'island_group', typed: 'dodecanese', name: 'Dodecanese', country: 'GR', lat: 36.6, lng: 27.5, radiusKm: 150 },
  { category: 'island_group', typed: 'Galapagos islands', name: 'Galápagos Islands', country: 'EC', lat: -0.6, lng: -90.55, radiusKm: 130, wikidata: 'Q38095' },
  { category: 'island_group', typed: 'hawaiian islands', name: 'Hawaiian Islands', country: 'US', lat: 20.6, lng: -157.5, radiusKm: 300 },
  { category: 'island_group', typed: 'Florida Keys', name: 'Florida Keys', country: 'US', lat: 24.75, lng: -81.05, radiusKm: 95 },
  { category: 'island_group', typed: 'Koh Phi Phi', name: 'Phi Phi Islands', country: 'TH', lat: 7.74, lng: 98.77, radiusKm: 8 },
  { category: 'island_group', typed: 'whitsunday islands', name: 'Whitsunday Islands', country: 'AU', lat: -20.25, lng: 148.95, radiusKm: 45 },
  { category: 'island_group', typed: 'Lofoten islands', name: 'Lofoten', country: 'NO', lat: 68.15, lng: 13.9, radiusKm: 80 },
  { category: 'island_group', typed: 'outer hebrides', name: 'Outer Hebrides', country: 'GB', lat: 57.75, lng: -7.0, radiusKm: 110 },
  { category: 'island_group', typed: 'Aeolian Islands', name: 'Aeolian Islands', country: 'IT', lat: 38.55, lng: 14.9, radiusKm: 50 },
  { category: 'island_group', typed: 'isles of scilly', name: 'Isles of Scilly', country: 'GB', lat: 49.93, lng: -6.32, radiusKm: 10 },
  { category: 'island_group', typed: 'Orkney islands', name: 'Orkney', country: 'GB', lat: 59.0, lng: -3.0, radiusKm: 55 },
  { category: 'island_group', typed: 'shetland islands', name: 'Shetland', country: 'GB', lat: 60.35, lng: -1.25, radiusKm: 80 },
  { category: 'island_group', typed: 'Mamanuca islands fiji', name: 'Mamanuca Islands', country: 'FJ', lat: -17.7, lng: 177.15, radiusKm: 20 },
  { category: 'island_group', typed: 'gili islands', name: 'Gili Islands', country: 'ID', lat: -8.35, lng: 116.06, radiusKm: 6 },
  { category: 'island_group', typed: 'San Juan Islands', name: 'San Juan Islands', country: 'US', lat: 48.55, lng: -123.0, radiusKm: 35 },
  { category: 'island_group', typed: 'outer banks', name: 'Outer Banks', country: 'US', lat: 35.75, lng: -75.65, radiusKm: 85 },
  { category: 'island_group', typed: 'saronic islands', name: 'Saronic Islands', country: 'GR', lat: 37.5, lng: 23.4, radiusKm: 45 },
  { category: 'island_group', typed: 'Andaman islands', name: 'Andaman Islands', country: 'IN', lat: 12.2, lng: 92.8, radiusKm: 180 },
  { category: 'island_group', typed: 'bay islands honduras', name: 'Bay Islands', country: 'HN', lat: 16.33, lng: -86.45, radiusKm: 65 },
  { category: 'island_group', typed: 'the Exumas', name: 'Exuma Cays', country: 'BS', lat: 23.75, lng: -76.05, radiusKm: 90 },
  { category: 'island_group', typed: 'perhentian islands', name: 'Perhentian Islands', country: 'MY', lat: 5.91, lng: 102.74, radiusKm: 6 },
  { category: 'island_group', typed: 'Aran Islands', name: 'Aran Islands', country: 'IE', lat: 53.1, lng: -9.68, radiusKm: 20 },
  { category: 'island_group', typed: 'stockholm archipelago', name: 'Stockholm Archipelago', country: 'SE', lat: 59.4, lng: 18.7, radiusKm: 60 },

  // ── lake ─────────────────────────────────────────────────────────────────────────────────
  // A lake: the centre is on the water; the radius reaches the lakeside towns at its ends.
  { category: 'lake', typed: 'hotels on Lake Garda', name: 'Lake Garda', country: 'IT', lat: 45.66, lng: 10.68, radiusKm: 30 },
  { category: 'lake', typed: 'lake como', name: 'Lake Como', country: 'IT', lat: 45.99, lng: 9.26, radiusKm: 28 },
  { category: 'lake', typed: 'Lago Maggiore', name: 'Lake Maggiore', country: 'IT', alsoCountries: ['CH'], lat: 45.95, lng: 8.65, radiusKm: 32 },
  { category: 'lake', typed: 'lake geneva', name: 'Lake Geneva', country: 'CH', alsoCountries: ['FR'], lat: 46.45, lng: 6.55, radiusKm: 42 },
  { category: 'lake', typed: 'lake tahoe', name: 'Lake Tahoe', country: 'US', lat: 39.09, lng: -120.04, radiusKm: 25 },
  { category: 'lake', typed: 'Lake Bled', name: 'Lake Bled', country: 'SI', lat: 46.363, lng: 14.094, radiusKm: 4 },
  { category: 'lake', typed: 'lake lucerne', name: 'Lake Lucerne', country: 'CH', lat: 47.0, lng: 8.45, radiusKm: 25 },
  { category: 'lake', typed: 'Bodensee', name: 'Lake Constance', country: 'DE', alsoCountries: ['CH', 'AT'], lat: 47.6, lng: 9.4, radiusKm: 35 },
  { category: 'lake', typed: 'lake titicaca', name: 'Lake Titicaca', country: 'PE', alsoCountries: ['BO'], lat: -15.9, lng: -69.4, radiusKm: 90 },
  { category: 'lake', typed: 'Lake Louise', name: 'Lake Louise', country: 'CA', lat: 51.417, lng: -116.217, radiusKm: 8 },
  { category: 'lake', typed: 'loch ness', name: 'Loch Ness', country: 'GB', lat: 57.26, lng: -4.5, radiusKm: 25 },
  { category: 'lake', typed: 'Loch Lomond', name: 'Loch Lomond', country: 'GB', lat: 56.13, lng: -4.62, radiusKm: 22 },
  { category: 'lake', typed: 'lake windermere', name: 'Windermere', country: 'GB', lat: 54.36, lng: -2.94, radiusKm: 12 },
  // 636 km long: the circle cannot leave out Irkutsk (~70 km from the shore).
  { category: 'lake', typed: 'Lake Baikal', name: 'Lake Baikal', country: 'RU', lat: 53.5, lng: 108.2, radiusKm: 330, wikidata: 'Q5513' },
  // Hotels on both shores: Ein Bokek (IL) in the south, Sweimeh (JO) in the north; Jerusalem stays out.
  { category: 'lake', typed: 'dead sea', name: 'Dead Sea', country: 'IL', alsoCountries: ['JO', 'PS'], lat: 31.45, lng: 35.47, radiusKm: 35, wikidata: 'Q23883' },
  { category: 'lake', typed: 'lake atitlan', name: 'Lake Atitlán', country: 'GT', lat: 14.69, lng: -91.2, radiusKm: 12 },
  { category: 'lake', typed: 'Lake Tekapo', name: 'Lake Tekapo', country: 'NZ', lat: -43.88, lng: 170.52, radiusKm: 18 },
  { category: 'lake', typed: 'lake wakatipu', name: 'Lake Wakatipu', country: 'NZ', lat: -45.07, lng: 168.57, radiusKm: 35 },
  { category: 'lake', typed: 'Lake Taupo', name: 'Lake Taupō', country: 'NZ', lat: -38.8, lng: 175.9, radiusKm: 25 },
  { category: 'lake', typed: 'balaton', name: 'Lake Balaton', country: 'HU', lat: 46.85, lng: 17.75, radiusKm: 45 },
  { category: 'lake', typed: 'lac d annecy', name: 'Lake Annecy', country: 'FR', lat: 45.85, lng: 6.18, radiusKm: 10 },
  { category: 'lake', typed: 'Hallstätter See', name: 'Lake Hallstatt', country: 'AT', lat: 47.58, lng: 13.66, radiusKm: 7 },
  { category: 'lake', typed: 'lake powell', name: 'Lake Powell', country: 'US', lat: 37.1, lng: -111.1, radiusKm: 110 },
  // Goma (CD) lies inside the circle; the country tells it apart.
  { category: 'lake', typed: 'Lake Kivu', name: 'Lake Kivu', country: 'RW', lat: -2.0, lng: 29.2, radiusKm: 60 },
  { category: 'lake', typed: 'inle lake', name: 'Inle Lake', country: 'MM', lat: 20.55, lng: 96.91, radiusKm: 18 },
  { category: 'lake', typed: 'Lake Toba', name: 'Lake Toba', country: 'ID', lat: 2.62, lng: 98.83, radiusKm: 45 },
  { category: 'lake', typed: 'west lake hangzhou', name: 'West Lake', country: 'CN', lat: 30.245, lng: 120.14, radiusKm: 4 },
  { category: 'lake', typed: 'Lake Kawaguchiko', name: 'Lake Kawaguchi', country: 'JP', lat: 35.51, lng: 138.75, radiusKm: 7 },
  { category: 'lake', typed: 'lake ohrid', name: 'Lake Ohrid', country: 'MK', alsoCountries: ['AL'], lat: 41.03, lng: 20.72, radiusKm: 25 },
  { category: 'lake', typed: 'Lake of the Ozarks', name: 'Lake of the Ozarks', country: 'US', lat: 38.15, lng: -92.7, radiusKm: 35 },
  { category: 'lake', typed: 'lake zurich', name: 'Lake Zurich', country: 'CH', lat: 47.26, lng: 8.68, radiusKm: 22 },
  { category: 'lake', typed: 'Königssee', name: 'Königssee', country: 'DE', lat: 47.55, lng: 12.98, radiusKm: 6 },

  // ── valley ───────────────────────────────────────────────────────────────────────────────
  // A valley, canyon or wine valley: the centre is the valley's heart, the radius its towns.
  { category: 'valley', typed: 'Sonoma Valley', name: 'Sonoma Valley', country: 'US', lat: 38.35, lng: -122.5, radiusKm: 18 },
  { category: 'valley', typed: 'napa valley', name: 'Napa Valley', country: 'US', lat: 38.43, lng: -122.4, radiusKm: 28 },
  // ~280 km along the river: the circle takes Orléans to Saumur and leaves out Angers and Le Mans.
  { category: 'valley', typed: 'Loire Valley', name: 'Loire Valley', country: 'FR', lat: 47.45, lng: 0.95, radiusKm: 90 },
  { category: 'valley', typed: 'death valley', name: 'Death Valley', country: 'US', lat: 36.5, lng: -117.0, radiusKm: 80 },
  { category: 'valley', typed: 'Dordogne', name: 'Dordogne Valley', country: 'FR', lat: 44.85, lng: 1.2, radiusKm: 60 },
  { category: 'valley', typed: 'yosemite valley', name: 'Yosemite Valley', country: 'US', lat: 37.74, lng: -119.58, radiusKm: 12 },
  { category: 'valley', typed: 'Hunter Valley', name: 'Hunter Valley', country: 'AU', lat: -32.77, lng: 151.3, radiusKm: 25 },
  { category: 'valley', typed: 'barossa valley', name: 'Barossa Valley', country: 'AU', lat: -34.53, lng: 138.95, radiusKm: 20 },
  { category: 'valley', typed: 'Yarra Valley', name: 'Yarra Valley', country: 'AU', lat: -37.7, lng: 145.45, radiusKm: 30 },
  { category: 'valley', typed: 'okanagan valley', name: 'Okanagan Valley', country: 'CA', lat: 49.9, lng: -119.5, radiusKm: 100 },
  { category: 'valley', typed: 'Douro Valley', name: 'Douro Valley', country: 'PT', lat: 41.17, lng: -7.65, radiusKm: 45 },
  { category: 'valley', typed: 'rhine valley germany', name: 'Middle Rhine Valley', country: 'DE', lat: 50.1, lng: 7.75, radiusKm: 40 },
  { category: 'valley', typed: 'mosel valley', name: 'Moselle Valley', country: 'DE', lat: 50.0, lng: 7.1, radiusKm: 55 },
  { category: 'valley', typed: 'Wachau', name: 'Wachau', country: 'AT', lat: 48.37, lng: 15.43, radiusKm: 20 },
  { category: 'valley', typed: 'valle de guadalupe', name: 'Valle de Guadalupe', country: 'MX', lat: 32.08, lng: -116.6, radiusKm: 20 },
  { category: 'valley', typed: 'Colca Canyon', name: 'Colca Canyon', country: 'PE', lat: -15.62, lng: -71.8, radiusKm: 35 },
  // Cusco (~22 km from the valley floor) falls inside the circle.
  { category: 'valley', typed: 'sacred valley peru', name: 'Sacred Valley', country: 'PE', lat: -13.33, lng: -72.0, radiusKm: 35 },
  { category: 'valley', typed: 'Elqui Valley', name: 'Elqui Valley', country: 'CL', lat: -30.05, lng: -70.6, radiusKm: 35 },
  { category: 'valley', typed: 'uco valley', name: 'Uco Valley', country: 'AR', lat: -33.55, lng: -69.15, radiusKm: 35 },
  { category: 'valley', typed: 'Kathmandu Valley', name: 'Kathmandu Valley', country: 'NP', lat: 27.7, lng: 85.33, radiusKm: 20 },
  { category: 'valley', typed: 'hunza valley', name: 'Hunza Valley', country: 'PK', lat: 36.32, lng: 74.65, radiusKm: 35 },
  { category: 'valley', typed: 'Kullu valley', name: 'Kullu Valley', country: 'IN', lat: 32.08, lng: 77.15, radiusKm: 30 },
  { category: 'valley', typed: 'hudson valley', name: 'Hudson Valley', country: 'US', lat: 41.7, lng: -73.9, radiusKm: 90 },
  { category: 'valley', typed: 'Shenandoah Valley', name: 'Shenandoah Valley', country: 'US', lat: 38.5, lng: -78.8, radiusKm: 100 },
  { category: 'valley', typed: 'coachella valley', name: 'Coachella Valley', country: 'US', lat: 33.73, lng: -116.35, radiusKm: 35 },
  { category: 'valley', typed: 'otztal', name: 'Ötztal', country: 'AT', lat: 47.05, lng: 10.93, radiusKm: 25 },
  { category: 'valley', typed: 'Zillertal', name: 'Zillertal', country: 'AT', lat: 47.2, lng: 11.87, radiusKm: 25 },
  { category: 'valley', typed: 'val gardena', name: 'Val Gardena', country: 'IT', lat: 46.56, lng: 11.72, radiusKm: 12 },
  { category: 'valley', typed: 'Lauterbrunnen valley', name: 'Lauterbrunnen Valley', country: 'CH', lat: 46.57, lng: 7.91, radiusKm: 8 },
  { category: 'valley', typed: 'glencoe scotland', name: 'Glen Coe', country: 'GB', lat: 56.67, lng: -5.05, radiusKm: 15 },
  { category: 'valley', typed: 'valle de cocora', name: 'Cocora Valley', country: 'CO', lat: 4.64, lng: -75.49, radiusKm: 15 },
  { category: 'valley', typed: 'Vinales valley', name: 'Viñales Valley', country: 'CU', lat: 22.62, lng: -83.71, radiusKm: 15 },
  { category: 'valley', typed: 'engadin', name: 'Engadine', country: 'CH', lat: 46.6, lng: 9.95, radiusKm: 40 },
  // San Francisco and Oakland stay outside the circle.
  { category: 'valley', typed: 'Silicon Valley', name: 'Silicon Valley', country: 'US', lat: 37.39, lng: -122.06, radiusKm: 40 },

  // ── coast ────────────────────────────────────────────────────────────────────────────────
  // A named coast, riviera, peninsula, bay or fjord.
  { category: 'coast', typed: 'Amalfi coast', name: 'Amalfi Coast', country: 'IT', lat: 40.63, lng: 14.6, radiusKm: 20 },
  { category: 'coast', typed: 'costa del sol', name: 'Costa del Sol', country: 'ES', lat: 36.58, lng: -4.6, radiusKm: 70 },
  { category: 'coast', typed: 'Costa Brava', name: 'Costa Brava', country: 'ES', lat: 41.95, lng: 3.1, radiusKm: 55 },
  { category: 'coast', typed: 'costa blanca spain', name: 'Costa Blanca', country: 'ES', lat: 38.5, lng: -0.3, radiusKm: 75 },
  { category: 'coast', typed: 'Algarve', name: 'Algarve', country: 'PT', lat: 37.1, lng: -8.2, radiusKm: 70 },
  // Playa del Carmen to Tulum; Cancún (~80 km) is not the Riviera Maya and stays out.
  { category: 'coast', typed: 'riviera maya', name: 'Riviera Maya', country: 'MX', lat: 20.55, lng: -87.25, radiusKm: 60 },
  { category: 'coast', typed: 'French Riviera', name: "French Riviera (Côte d'Azur)", country: 'FR', alsoCountries: ['MC'], lat: 43.6, lng: 7.05, radiusKm: 55 },
  { category: 'coast', typed: 'cote d azur', name: "French Riviera (Côte d'Azur)", country: 'FR', alsoCountries: ['MC'], lat: 43.6, lng: 7.05, radiusKm: 55 },
  { category: 'coast', typed: 'italian riviera', name: 'Italian Riviera', country: 'IT', lat: 44.2, lng: 8.7, radiusKm: 110 },
  { category: 'coast', typed: 'Big Sur', name: 'Big Sur', country: 'US', lat: 36.23, lng: -121.76, radiusKm: 45 },
  { category: 'coast', typed: 'cape cod', name: 'Cape Cod', country: 'US', lat: 41.72, lng: -70.25, radiusKm: 45 },
  { category: 'coast', typed: 'Great Ocean Road', name: 'Great Ocean Road', country: 'AU', lat: -38.58, lng: 143.45, radiusKm: 90 },
  { category: 'coast', typed: 'gower peninsula', name: 'Gower Peninsula', country: 'GB', lat: 51.58, lng: -4.15, radiusKm: 15 },
  { category: 'coast', typed: 'Dingle peninsula', name: 'Dingle Peninsula', country: 'IE', lat: 52.17, lng: -10.1, radiusKm: 30 },
  { category: 'coast', typed: 'ring of kerry', name: 'Ring of Kerry (Iveragh Peninsula)', country: 'IE', lat: 51.9, lng: -10.0, radiusKm: 45 },
  { category: 'coast', typed: 'Jurassic Coast', name: 'Jurassic Coast', country: 'GB', lat: 50.65, lng: -2.7, radiusKm: 60 },
  { category: 'coast', typed: 'dalmatian coast', name: 'Dalmatian Coast', country: 'HR', lat: 43.5, lng: 16.5, radiusKm: 170 },
  { category: 'coast', typed: 'Istria', name: 'Istria', country: 'HR', alsoCountries: ['SI'], lat: 45.2, lng: 13.9, radiusKm: 50 },
  { category: 'coast', typed: 'turkish riviera', name: 'Turkish Riviera', country: 'TR', lat: 36.75, lng: 31.0, radiusKm: 100 },
  { category: 'coast', typed: 'Riviera Nayarit', name: 'Riviera Nayarit', country: 'MX', lat: 21.0, lng: -105.35, radiusKm: 65 },
  { category: 'coast', typed: 'costa smeralda', name: 'Costa Smeralda', country: 'IT', lat: 41.1, lng: 9.53, radiusKm: 15 },
  { category: 'coast', typed: 'Emerald Coast florida', name: 'Emerald Coast', country: 'US', lat: 30.35, lng: -86.3, radiusKm: 55 },
  { category: 'coast', typed: 'garden route', name: 'Garden Route', country: 'ZA', lat: -34.0, lng: 22.8, radiusKm: 110 },
  { category: 'coast', typed: 'Coromandel Peninsula', name: 'Coromandel Peninsula', country: 'NZ', lat: -36.8, lng: 175.6, radiusKm: 50 },
  { category: 'coast', typed: 'mornington peninsula', name: 'Mornington Peninsula', country: 'AU', lat: -38.35, lng: 144.95, radiusKm: 30 },
  { category: 'coast', typed: 'Olympic Peninsula', name: 'Olympic Peninsula', country: 'US', lat: 47.8, lng: -123.6, radiusKm: 110 },
  { category: 'coast', typed: 'costa daurada', name: 'Costa Daurada', country: 'ES', lat: 41.05, lng: 1.1, radiusKm: 45 },
  { category: 'coast', typed: 'Costa de la Luz', name: 'Costa de la Luz', country: 'ES', lat: 36.6, lng: -6.5, radiusKm: 110 },
  { category: 'coast', typed: 'halong bay', name: 'Ha Long Bay', country: 'VN', lat: 20.9, lng: 107.1, radiusKm: 30 },
  { category: 'coast', typed: 'Bay of Islands', name: 'Bay of Islands', country: 'NZ', lat: -35.22, lng: 174.15, radiusKm: 20 },
  { category: 'coast', typed: 'causeway coast', name: 'Causeway Coast', country: 'GB', lat: 55.2, lng: -6.45, radiusKm: 30 },
  { category: 'coast', typed: 'Jersey Shore', name: 'Jersey Shore', country: 'US', lat: 39.7, lng: -74.15, radiusKm: 110 },
  { category: 'coast', typed: 'salento', name: 'Salento Peninsula', country: 'IT', lat: 40.15, lng: 18.2, radiusKm: 60 },
  { category: 'coast', typed: 'geirangerfjord', name: 'Geirangerfjord', country: 'NO', lat: 62.11, lng: 7.09, radiusKm: 15 },
  { category: 'coast', typed: 'Milford Sound', name: 'Milford Sound', country: 'NZ', lat: -44.64, lng: 167.9, radiusKm: 10 },

  // ── park ─────────────────────────────────────────────────────────────────────────────────
  // A national park, reserve or protected area; the radius is about its half-extent, reaching
  // the lodges inside and the gateway village where it stands at the park's edge.
  { category: 'park', typed: 'Yosemite', name: 'Yosemite National Park', country: 'US', lat: 37.85, lng: -119.55, radiusKm: 55, wikidata: 'Q180402' },
  { category: 'park', typed: 'yellowstone national park', name: 'Yellowstone National Park', country: 'US', lat: 44.6, lng: -110.5, radiusKm: 75, wikidata: 'Q351' },
  { category: 'park', typed: 'zion national park', name: 'Zion National Park', country: 'US', lat: 37.3, lng: -113.03, radiusKm: 30 },
  { category: 'park', typed: 'Banff national park', name: 'Banff National Park', country: 'CA', lat: 51.45, lng: -116.0, radiusKm: 70 },
  { category: 'park', typed: 'jasper national park', name: 'Jasper National Park', country: 'CA', lat: 52.9, lng: -117.8, radiusKm: 100 },
  { category: 'park', typed: 'serengetti', name: 'Serengeti National Park', country: 'TZ', lat: -2.33, lng: 34.83, radiusKm: 100 },
  { category: 'park', typed: 'masai mara', name: 'Maasai Mara National Reserve', country: 'KE', lat: -1.5, lng: 35.15, radiusKm: 45 },
  { category: 'park', typed: 'Kruger National Park', name: 'Kruger National Park', country: 'ZA', lat: -24.0, lng: 31.5, radiusKm: 190 },
  { category: 'park', typed: 'etosha', name: 'Etosha National Park', country: 'NA', lat: -18.85, lng: 16.0, radiusKm: 110 },
  // Puerto Natales (~90 km) is the gateway town, not the park: it stays out.
  { category: 'park', typed: 'Torres del Paine', name: 'Torres del Paine National Park', country: 'CL', lat: -51.0, lng: -73.05, radiusKm: 40 },
  { category: 'park', typed: 'plitvice lakes', name: 'Plitvice Lakes National Park', country: 'HR', lat: 44.88, lng: 15.62, radiusKm: 15 },
  { category: 'park', typed: 'snowdonia', name: 'Snowdonia (Eryri) National Park', country: 'GB', lat: 52.92, lng: -3.9, radiusKm: 45 },
  { category: 'park', typed: 'Peak District', name: 'Peak District National Park', country: 'GB', lat: 53.3, lng: -1.8, radiusKm: 35 },
  { category: 'park', typed: 'the cairngorms', name: 'Cairngorms National Park', country: 'GB', lat: 57.08, lng: -3.67, radiusKm: 45 },
  { category: 'park', typed: 'Yorkshire Dales', name: 'Yorkshire Dales National Park', country: 'GB', lat: 54.25, lng: -2.1, radiusKm: 35 },
  { category: 'park', typed: 'dartmoor', name: 'Dartmoor National Park', country: 'GB', lat: 50.57, lng: -3.92, radiusKm: 25 },
  { category: 'park', typed: 'New Forest', name: 'New Forest National Park', country: 'GB', lat: 50.87, lng: -1.6, radiusKm: 20 },
  { category: 'park', typed: 'brecon beacons', name: 'Brecon Beacons (Bannau Brycheiniog) National Park', country: 'GB', lat: 51.88, lng: -3.43, radiusKm: 35 },
  { category: 'park', typed: 'smoky mountains', name: 'Great Smoky Mountains National Park', country: 'US', lat: 35.6, lng: -83.5, radiusKm: 45 },
  { category: 'park', typed: 'Glacier National Park', name: 'Glacier National Park', country: 'US', lat: 48.7, lng: -113.8, radiusKm: 50 },
  { category: 'park', typed: 'rocky mountain national park', name: 'Rocky Mountain National Park', country: 'US', lat: 40.34, lng: -105.68, radiusKm: 30 },
  { category: 'park', typed: 'arches national park', name: 'Arches National Park', country: 'US', lat: 38.73, lng: -109.59, radiusKm: 20 },
  { category: 'park', typed: 'Bryce Canyon', name: 'Bryce Canyon National Park', country: 'US', lat: 37.59, lng: -112.19, radiusKm: 15 },
  { category: 'park', typed: 'everglades', name: 'Everglades National Park', country: 'US', lat: 25.3, lng: -80.9, radiusKm: 80 },
  { category: 'park', typed: 'Acadia National Park', name: 'Acadia National Park', country: 'US', lat: 44.34, lng: -68.27, radiusKm: 20 },
  { category: 'park', typed: 'denali', name: 'Denali National Park', country: 'US', lat: 63.33, lng: -150.5, radiusKm: 130 },
  { category: 'park', typed: 'joshua tree national park', name: 'Joshua Tree National Park', country: 'US', lat: 33.9, lng: -115.9, radiusKm: 55 },
  { category: 'park', typed: 'Sequoia national park', name: 'Sequoia National Park', country: 'US', lat: 36.5, lng: -118.6, radiusKm: 40 },
  { category: 'park', typed: 'redwood national park', name: 'Redwood National and State Parks', country: 'US', lat: 41.3, lng: -124.0, radiusKm: 40 },
  { category: 'park', typed: 'Monument Valley', name: 'Monument Valley Navajo Tribal Park', country: 'US', lat: 36.98, lng: -110.1, radiusKm: 25 },
  { category: 'park', typed: 'kakadu', name: 'Kakadu National Park', country: 'AU', lat: -12.9, lng: 132.55, radiusKm: 100 },
  // Port Douglas (~35 km) is the gateway, not the rainforest: it stays out.
  { category: 'park', typed: 'Daintree rainforest', name: 'Daintree National Park', country: 'AU', lat: -16.17, lng: 145.42, radiusKm: 30 },
  { category: 'park', typed: 'fiordland', name: 'Fiordland National Park', country: 'NZ', lat: -45.4, lng: 167.4, radiusKm: 110 },
  { category: 'park', typed: 'Tongariro national park', name: 'Tongariro National Park', country: 'NZ', lat: -39.2, lng: 175.6, radiusKm: 30 },
  { category: 'park', typed: 'komodo national park', name: 'Komodo National Park', country: 'ID', lat: -8.58, lng: 119.55, radiusKm: 40 },
  { category: 'park', typed: 'Saxon Switzerland', name: 'Saxon Switzerland National Park', country: 'DE', lat: 50.92, lng: 14.15, radiusKm: 20 },
  { category: 'park', typed: 'chobe national park', name: 'Chobe National Park', country: 'BW', lat: -18.4, lng: 24.7, radiusKm: 90 },
  { category: 'park', typed: 'Bwindi', name: 'Bwindi Impenetrable National Park', country: 'UG', lat: -1.05, lng: 29.7, radiusKm: 20 },
  { category: 'park', typed: 'volcanoes national park rwanda', name: 'Volcanoes National Park', country: 'RW', lat: -1.45, lng: 29.55, radiusKm: 20 },
  { category: 'park', typed: 'ngorongoro crater', name: 'Ngorongoro Conservation Area', country: 'TZ', lat: -3.2, lng: 35.55, radiusKm: 25 },
  { category: 'park', typed: 'Amboseli', name: 'Amboseli National Park', country: 'KE', lat: -2.65, lng: 37.25, radiusKm: 30 },
  { category: 'park', typed: 'chitwan national park', name: 'Chitwan National Park', country: 'NP', lat: 27.5, lng: 84.35, radiusKm: 40 },
  { category: 'park', typed: 'Ranthambore', name: 'Ranthambore National Park', country: 'IN', lat: 26.02, lng: 76.5, radiusKm: 25 },
  { category: 'park', typed: 'khao sok', name: 'Khao Sok National Park', country: 'TH', lat: 8.92, lng: 98.53, radiusKm: 30 },
  { category: 'park', typed: 'Tayrona park', name: 'Tayrona National Natural Park', country: 'CO', lat: 11.3, lng: -74.0, radiusKm: 20 },
  { category: 'park', typed: 'lencois maranhenses', name: 'Lençóis Maranhenses National Park', country: 'BR', lat: -2.5, lng: -43.1, radiusKm: 50 },
  { category: 'park', typed: 'Chapada Diamantina', name: 'Chapada Diamantina National Park', country: 'BR', lat: -12.6, lng: -41.4, radiusKm: 60 },
  { category: 'park', typed: 'killarney national park', name: 'Killarney National Park', country: 'IE', lat: 52.0, lng: -9.55, radiusKm: 15 },

  // ── sight ────────────────────────────────────────────────────────────────────────────────
  // A famous attraction: the centre is the sight itself, the radius the walk or short ride to it.
  { category: 'sight', typed: 'sagrada familia', name: 'Sagrada Família', country: 'ES', lat: 41.4036, lng: 2.1744, radiusKm: 4, wikidata: 'Q48435' },
  { category: 'sight', typed: 'Mount Rushmore', name: 'Mount Rushmore', country: 'US', lat: 43.8791, lng: -103.4591, radiusKm: 15 },
  { category: 'sight', typed: 'machu pichu', name: 'Machu Picchu', country: 'PE', lat: -13.1631, lng: -72.545, radiusKm: 10, wikidata: 'Q676203' },
  { category: 'sight', typed: 'Angkor Wat', name: 'Angkor Wat', country: 'KH', lat: 13.4125, lng: 103.867, radiusKm: 10, wikidata: 'Q43473' },
  { category: 'sight', typed: 'near the Grand Canyon', name: 'Grand Canyon', country: 'US', lat: 36.1, lng: -112.11, radiusKm: 40, wikidata: 'Q118841' },
  { category: 'sight', typed: 'hotels by the eiffel tower', name: 'Eiffel Tower', country: 'FR', lat: 48.8584, lng: 2.2945, radiusKm: 3, wikidata: 'Q243' },
  { category: 'sight', typed: 'colosseum rome', name: 'Colosseum', country: 'IT', lat: 41.8902, lng: 12.4922, radiusKm: 3, wikidata: 'Q10285' },
  { category: 'sight', typed: 'Taj Mahal', name: 'Taj Mahal', country: 'IN', lat: 27.1751, lng: 78.0421, radiusKm: 5, wikidata: 'Q9141' },
  { category: 'sight', typed: 'statue of liberty', name: 'Statue of Liberty', country: 'US', lat: 40.6892, lng: -74.0445, radiusKm: 5, wikidata: 'Q9202' },
  { category: 'sight', typed: 'Petra jordan', name: 'Petra', country: 'JO', lat: 30.3285, lng: 35.4444, radiusKm: 6, wikidata: 'Q5788' },
  { category: 'sight', typed: 'pyramids of giza', name: 'Giza pyramid complex', country: 'EG', lat: 29.9792, lng: 31.1342, radiusKm: 8 },
  { category: 'sight', typed: 'Christ the Redeemer', name: 'Christ the Redeemer', country: 'BR', lat: -22.9519, lng: -43.2105, radiusKm: 6, wikidata: 'Q79961' },
  { category: 'sight', typed: 'chichen itza', name: 'Chichén Itzá', country: 'MX', lat: 20.6843, lng: -88.5678, radiusKm: 8 },
  { category: 'sight', typed: 'Stonehenge', name: 'Stonehenge', country: 'GB', lat: 51.1789, lng: -1.8262, radiusKm: 13, wikidata: 'Q39671' },
  { category: 'sight', typed: 'acropolis athens', name: 'Acropolis of Athens', country: 'GR', lat: 37.9715, lng: 23.7257, radiusKm: 3, wikidata: 'Q131013' },
  { category: 'sight', typed: 'the Alhambra', name: 'Alhambra', country: 'ES', lat: 37.1761, lng: -3.5881, radiusKm: 4 },
  { category: 'sight', typed: 'neuschwanstein castle', name: 'Neuschwanstein Castle', country: 'DE', lat: 47.5576, lng: 10.7498, radiusKm: 8, wikidata: 'Q4055' },
  { category: 'sight', typed: 'Uluru', name: 'Uluru', country: 'AU', lat: -25.3444, lng: 131.0369, radiusKm: 25 },
  { category: 'sight', typed: 'sydney opera house', name: 'Sydney Opera House', country: 'AU', lat: -33.8568, lng: 151.2153, radiusKm: 3, wikidata: 'Q45178' },
  { category: 'sight', typed: 'Golden Gate Bridge', name: 'Golden Gate Bridge', country: 'US', lat: 37.8199, lng: -122.4783, radiusKm: 6, wikidata: 'Q44440' },
  { category: 'sight', typed: 'burj khalifa', name: 'Burj Khalifa', country: 'AE', lat: 25.1972, lng: 55.2744, radiusKm: 4, wikidata: 'Q12495' },
  { category: 'sight', typed: 'Forbidden City', name: 'Forbidden City', country: 'CN', lat: 39.9163, lng: 116.3972, radiusKm: 4, wikidata: 'Q80290' },
  { category: 'sight', typed: 'mont st michel', name: 'Mont-Saint-Michel', country: 'FR', lat: 48.636, lng: -1.511, radiusKm: 10 },
  { category: 'sight', typed: 'near the louvre', name: 'Louvre', country: 'FR', lat: 48.8606, lng: 2.3376, radiusKm: 3, wikidata: 'Q19675' },
  { category: 'sight', typed: 'Big Ben', name: 'Big Ben', country: 'GB', lat: 51.5007, lng: -0.1246, radiusKm: 3, wikidata: 'Q41225' },
  { category: 'sight', typed: 'tower of london', name: 'Tower of London', country: 'GB', lat: 51.5081, lng: -0.0759, radiusKm: 3, wikidata: 'Q62378' },
  { category: 'sight', typed: 'Brandenburger Tor', name: 'Brandenburg Gate', country: 'DE', lat: 52.5163, lng: 13.3777, radiusKm: 3, wikidata: 'Q82425' },
  { category: 'sight', typed: 'leaning tower of pisa', name: 'Leaning Tower of Pisa', country: 'IT', lat: 43.723, lng: 10.3966, radiusKm: 4 },
  { category: 'sight', typed: 'trevi fountain', name: 'Trevi Fountain', country: 'IT', lat: 41.9009, lng: 12.4833, radiusKm: 3 },
  { category: 'sight', typed: 'Disneyland Paris', name: 'Disneyland Paris', country: 'FR', lat: 48.8722, lng: 2.7758, radiusKm: 6 },
  { category: 'sight', typed: 'disneyland anaheim', name: 'Disneyland', country: 'US', lat: 33.8121, lng: -117.919, radiusKm: 5 },
  { category: 'sight', typed: 'central park', name: 'Central Park', country: 'US', lat: 40.7829, lng: -73.9654, radiusKm: 4, wikidata: 'Q160409' },
  { category: 'sight', typed: 'empire state building', name: 'Empire State Building', country: 'US', lat: 40.7484, lng: -73.9857, radiusKm: 3, wikidata: 'Q9188' },
  { category: 'sight', typed: 'Las Vegas Strip', name: 'Las Vegas Strip', country: 'US', lat: 36.1147, lng: -115.1728, radiusKm: 5 },
  { category: 'sight', typed: 'fushimi inari', name: 'Fushimi Inari-taisha', country: 'JP', lat: 34.9671, lng: 135.7727, radiusKm: 4 },
  { category: 'sight', typed: 'Borobudur temple', name: 'Borobudur', country: 'ID', lat: -7.6079, lng: 110.2038, radiusKm: 8 },
  { category: 'sight', typed: 'bagan temples', name: 'Bagan', country: 'MM', lat: 21.17, lng: 94.86, radiusKm: 12 },
  { category: 'sight', typed: 'Victoria Peak', name: 'Victoria Peak', country: 'HK', lat: 22.2759, lng: 114.1455, radiusKm: 4 },
  { category: 'sight', typed: 'marina bay sands', name: 'Marina Bay Sands', country: 'SG', lat: 1.2834, lng: 103.8607, radiusKm: 3 },
  { category: 'sight', typed: 'pompeii ruins', name: 'Pompeii', country: 'IT', lat: 40.7489, lng: 14.4848, radiusKm: 6 },
  { category: 'sight', typed: 'Cliffs of Moher', name: 'Cliffs of Moher', country: 'IE', lat: 52.9715, lng: -9.4309, radiusKm: 12 },
  { category: 'sight', typed: "giants causeway", name: "Giant's Causeway", country: 'GB', lat: 55.2408, lng: -6.5116, radiusKm: 10 },
  { category: 'sight', typed: 'edinburgh castle', name: 'Edinburgh Castle', country: 'GB', lat: 55.9486, lng: -3.1999, radiusKm: 3 },
  { category: 'sight', typed: 'Valley of the Kings', name: 'Valley of the Kings', country: 'EG', lat: 25.7402, lng: 32.6014, radiusKm: 10 },
  { category: 'sight', typed: 'table mountain', name: 'Table Mountain', country: 'ZA', lat: -33.9628, lng: 18.4098, radiusKm: 8 },
  { category: 'sight', typed: 'hagia sophia', name: 'Hagia Sophia', country: 'TR', lat: 41.0086, lng: 28.9802, radiusKm: 3, wikidata: 'Q12506' },
  { category: 'sight', typed: 'Meteora', name: 'Meteora', country: 'GR', lat: 39.7217, lng: 21.6306, radiusKm: 8 },
  { category: 'sight', typed: 'tikal ruins', name: 'Tikal', country: 'GT', lat: 17.222, lng: -89.6237, radiusKm: 25 },
  { category: 'sight', typed: 'Teotihuacan pyramids', name: 'Teotihuacan', country: 'MX', lat: 19.6925, lng: -98.8438, radiusKm: 8 },
  { category: 'sight', typed: 'sigiriya rock', name: 'Sigiriya', country: 'LK', lat: 7.957, lng: 80.7603, radiusKm: 10 },
  { category: 'sight', typed: 'Mutianyu great wall', name: 'Mutianyu (Great Wall)', country: 'CN', lat: 40.4319, lng: 116.5704, radiusKm: 10 },

  // ── region ───────────────────────────────────────────────────────────────────────────────
  // A tourist region that is not an administrative unit (or not only one).
  // Oxford and Bath stay just outside the circle.
  { category: 'region', typed: 'Cotswolds', name: 'Cotswolds', country: 'GB', lat: 51.85, lng: -1.9, radiusKm: 38 },
  // Siena (~20 km) falls inside; Florence (~30 km) does not.
  { category: 'region', typed: 'chianti', name: 'Chianti', country: 'IT', lat: 43.5, lng: 11.32, radiusKm: 25 },
  { category: 'region', typed: 'the lake district', name: 'Lake District', country: 'GB', lat: 54.45, lng: -3.1, radiusKm: 35 },
  { category: 'region', typed: 'provence', name: 'Provence', country: 'FR', lat: 43.75, lng: 5.3, radiusKm: 90 },
  { category: 'region', typed: 'Luberon', name: 'Luberon', country: 'FR', lat: 43.82, lng: 5.3, radiusKm: 25 },
  { category: 'region', typed: 'capadoccia', name: 'Cappadocia', country: 'TR', lat: 38.65, lng: 34.85, radiusKm: 35 },
  // Inverness, Fort William, Aviemore, Ullapool inside; Glasgow, Edinburgh, Aberdeen outside.
  { category: 'region', typed: 'Scottish Highlands', name: 'Scottish Highlands', country: 'GB', lat: 57.3, lng: -4.8, radiusKm: 150 },
  { category: 'region', typed: 'champagne region', name: 'Champagne', country: 'FR', lat: 49.05, lng: 4.0, radiusKm: 50 },
  // Fredericksburg, Kerrville, Wimberley inside; Austin and San Antonio outside.
  { category: 'region', typed: 'texas hill country', name: 'Texas Hill Country', country: 'US', lat: 30.25, lng: -98.85, radiusKm: 80 },
  { category: 'region', typed: 'the Hamptons', name: 'The Hamptons', country: 'US', lat: 40.93, lng: -72.3, radiusKm: 35 },
  { category: 'region', typed: 'berkshires', name: 'The Berkshires', country: 'US', lat: 42.35, lng: -73.25, radiusKm: 42 },
  { category: 'region', typed: 'Finger Lakes', name: 'Finger Lakes', country: 'US', lat: 42.65, lng: -76.9, radiusKm: 70 },
  { category: 'region', typed: 'langhe', name: 'Langhe', country: 'IT', lat: 44.6, lng: 8.0, radiusKm: 25 },
  // Salzburg city stays just outside.
  { category: 'region', typed: 'Salzkammergut', name: 'Salzkammergut', country: 'AT', lat: 47.68, lng: 13.62, radiusKm: 38 },
  { category: 'region', typed: 'golden triangle thailand', name: 'Golden Triangle', country: 'TH', lat: 20.35, lng: 100.08, radiusKm: 15 },
  { category: 'region', typed: 'kerala backwaters', name: 'Kerala Backwaters', country: 'IN', lat: 9.55, lng: 76.4, radiusKm: 40 },
  { category: 'region', typed: 'cinque terre', name: 'Cinque Terre', country: 'IT', lat: 44.12, lng: 9.71, radiusKm: 8 },
  { category: 'region', typed: "Val d'Orcia", name: "Val d'Orcia", country: 'IT', lat: 43.03, lng: 11.62, radiusKm: 20 },
  { category: 'region', typed: 'lavaux vineyards', name: 'Lavaux', country: 'CH', lat: 46.49, lng: 6.74, radiusKm: 8 },
  { category: 'region', typed: 'ardennes belgium', name: 'Ardennes', country: 'BE', alsoCountries: ['LU', 'FR'], lat: 50.05, lng: 5.45, radiusKm: 50 },
  { category: 'region', typed: 'swiss riviera', name: 'Swiss Riviera', country: 'CH', lat: 46.45, lng: 6.88, radiusKm: 10 },
  { category: 'region', typed: 'Connemara', name: 'Connemara', country: 'IE', lat: 53.45, lng: -9.8, radiusKm: 35 },
  { category: 'region', typed: 'masurian lakes', name: 'Masurian Lake District', country: 'PL', lat: 53.8, lng: 21.6, radiusKm: 60 },

  // ── delta_desert_mountain ────────────────────────────────────────────────────────────────
  // A delta, desert, mountain or mountain range that travellers stay in or at.
  // Maun, the gateway town at the delta's south-east edge, is ~90 km from its middle.
  { category: 'delta_desert_mountain', typed: 'Okavango Delta', name: 'Okavango Delta', country: 'BW', lat: -19.3, lng: 22.9, radiusKm: 95 },
  { category: 'delta_desert_mountain', typed: 'mekong delta', name: 'Mekong Delta', country: 'VN', lat: 10.0, lng: 105.8, radiusKm: 110 },
  { category: 'delta_desert_mountain', typed: 'Danube Delta', name: 'Danube Delta', country: 'RO', lat: 45.1, lng: 29.3, radiusKm: 55 },
  { category: 'delta_desert_mountain', typed: 'ebro delta', name: 'Ebro Delta', country: 'ES', lat: 40.72, lng: 0.75, radiusKm: 15 },
  { category: 'delta_desert_mountain', typed: 'the Camargue', name: 'Camargue', country: 'FR', lat: 43.55, lng: 4.5, radiusKm: 30 },
  { category: 'delta_desert_mountain', typed: 'erg chebbi', name: 'Erg Chebbi', country: 'MA', lat: 31.15, lng: -3.97, radiusKm: 15 },
  { category: 'delta_desert_mountain', typed: 'Wadi Rum', name: 'Wadi Rum', country: 'JO', lat: 29.58, lng: 35.42, radiusKm: 25 },
  // ~1,000 km long: the circle is coarse; San Pedro de Atacama (~130 km) and Calama fall inside.
  { category: 'delta_desert_mountain', typed: 'atacama desert', name: 'Atacama Desert', country: 'CL', lat: -23.5, lng: -69.3, radiusKm: 300 },
  { category: 'delta_desert_mountain', typed: 'Sossusvlei', name: 'Sossusvlei (Namib Desert)', country: 'NA', lat: -24.73, lng: 15.34, radiusKm: 60 },
  { category: 'delta_desert_mountain', typed: 'wahiba sands', name: 'Wahiba Sands', country: 'OM', lat: 21.9, lng: 58.75, radiusKm: 70 },
  { category: 'delta_desert_mountain', typed: 'Dolomities', name: 'Dolomites', country: 'IT', lat: 46.45, lng: 11.85, radiusKm: 60 },
  // Most of Switzerland is Alpine: the circle takes Zermatt, Interlaken, Verbier and also Bern
  // and Zürich; a test may want to check first hotels more than the centre here.
  { category: 'delta_desert_mountain', typed: 'swiss alps', name: 'Swiss Alps', country: 'CH', lat: 46.55, lng: 8.3, radiusKm: 150 },
  { category: 'delta_desert_mountain', typed: 'French Alps', name: 'French Alps', country: 'FR', lat: 45.5, lng: 6.5, radiusKm: 120 },
  { category: 'delta_desert_mountain', typed: 'Mount Everest', name: 'Mount Everest', country: 'NP', alsoCountries: ['CN'], lat: 27.9881, lng: 86.925, radiusKm: 40, wikidata: 'Q513' },
  { category: 'delta_desert_mountain', typed: 'mt fuji', name: 'Mount Fuji', country: 'JP', lat: 35.3606, lng: 138.7274, radiusKm: 25, wikidata: 'Q39231' },
  { category: 'delta_desert_mountain', typed: 'Kilimanjaro', name: 'Mount Kilimanjaro', country: 'TZ', lat: -3.0674, lng: 37.3556, radiusKm: 45, wikidata: 'Q7296' },
  { category: 'delta_desert_mountain', typed: 'mont blanc', name: 'Mont Blanc', country: 'FR', alsoCountries: ['IT'], lat: 45.8326, lng: 6.8652, radiusKm: 20, wikidata: 'Q583' },
  { category: 'delta_desert_mountain', typed: 'Matterhorn', name: 'Matterhorn', country: 'CH', alsoCountries: ['IT'], lat: 45.9763, lng: 7.6586, radiusKm: 15, wikidata: 'Q1374' },
  { category: 'delta_desert_mountain', typed: 'mount rainier', name: 'Mount Rainier', country: 'US', lat: 46.8529, lng: -121.7604, radiusKm: 40 },
  { category: 'delta_desert_mountain', typed: 'Mount Kinabalu', name: 'Mount Kinabalu', country: 'MY', lat: 6.075, lng: 116.558, radiusKm: 25 },
  { category: 'delta_desert_mountain', typed: 'mount bromo', name: 'Mount Bromo', country: 'ID', lat: -7.942, lng: 112.953, radiusKm: 15 },
  // Nicolosi and the slopes inside; Catania (~29 km) and Taormina (~28 km) outside.
  { category: 'delta_desert_mountain', typed: 'Mount Etna', name: 'Mount Etna', country: 'IT', lat: 37.751, lng: 14.994, radiusKm: 25, wikidata: 'Q16990' },
  { category: 'delta_desert_mountain', typed: 'vesuvius', name: 'Mount Vesuvius', country: 'IT', lat: 40.821, lng: 14.426, radiusKm: 12, wikidata: 'Q524' },
  { category: 'delta_desert_mountain', typed: 'the adirondacks', name: 'Adirondack Mountains', country: 'US', lat: 44.0, lng: -74.3, radiusKm: 100 },
  { category: 'delta_desert_mountain', typed: 'Catskills', name: 'Catskill Mountains', country: 'US', lat: 42.1, lng: -74.35, radiusKm: 45 },
  { category: 'delta_desert_mountain', typed: 'poconos', name: 'Pocono Mountains', country: 'US', lat: 41.1, lng: -75.3, radiusKm: 50 },
  // Freiburg, Baden-Baden, Titisee inside; Karlsruhe and Stuttgart outside.
  { category: 'delta_desert_mountain', typed: 'Black Forest', name: 'Black Forest', country: 'DE', lat: 48.3, lng: 8.15, radiusKm: 75 },
  { category: 'delta_desert_mountain', typed: 'mount toubkal', name: 'Toubkal', country: 'MA', lat: 31.06, lng: -7.915, radiusKm: 20 },
  // Pokhara (~44 km), the gateway city, is not in the Annapurna range and stays out.
  { category: 'delta_desert_mountain', typed: 'annapurna', name: 'Annapurna', country: 'NP', lat: 28.6, lng: 83.9, radiusKm: 40 },
  { category: 'delta_desert_mountain', typed: 'Cameron Highlands', name: 'Cameron Highlands', country: 'MY', lat: 4.47, lng: 101.38, radiusKm: 15 },
  { category: 'delta_desert_mountain', typed: 'blue mountains australia', name: 'Blue Mountains', country: 'AU', lat: -33.7, lng: 150.3, radiusKm: 35 },
  { category: 'delta_desert_mountain', typed: 'High Tatras', name: 'High Tatras', country: 'SK', alsoCountries: ['PL'], lat: 49.17, lng: 20.13, radiusKm: 25 },
  { category: 'delta_desert_mountain', typed: 'ben nevis', name: 'Ben Nevis', country: 'GB', lat: 56.7969, lng: -5.0036, radiusKm: 10 },
  { category: 'delta_desert_mountain', typed: 'jungfrau region', name: 'Jungfrau Region', country: 'CH', lat: 46.6, lng: 7.95, radiusKm: 20 },
  { category: 'delta_desert_mountain', typed: 'Drakensberg', name: 'Drakensberg', country: 'ZA', lat: -29.2, lng: 29.3, radiusKm: 90 },
  { category: 'delta_desert_mountain', typed: 'cradle mountain', name: 'Cradle Mountain', country: 'AU', lat: -41.68, lng: 145.95, radiusKm: 15 },
  { category: 'delta_desert_mountain', typed: 'Flinders Ranges', name: 'Flinders Ranges', country: 'AU', lat: -31.5, lng: 138.6, radiusKm: 90 },

  // ── issue 47: wine and cultural regions, valleys, coasts, island groups and sights ───────
  // Written from general geographic knowledge like the rest; several were read as far wrong
  // places before ("Casablanca Valley" as Casablanca, Morocco; "Yarra Valley" as Yara, Cuba).
  { category: 'region', typed: 'Burgundy', name: 'Burgundy', country: 'FR', lat: 47.05, lng: 4.6, radiusKm: 90 },
  { category: 'region', typed: 'burgundy wine region', name: 'Burgundy', country: 'FR', lat: 47.05, lng: 4.6, radiusKm: 90 },
  { category: 'region', typed: 'Alsace', name: 'Alsace', country: 'FR', lat: 48.3, lng: 7.45, radiusKm: 80 },
  { category: 'region', typed: 'alsace wine route', name: 'Alsace', country: 'FR', lat: 48.3, lng: 7.45, radiusKm: 80 },
  { category: 'region', typed: 'Languedoc', name: 'Languedoc', country: 'FR', lat: 43.6, lng: 3.4, radiusKm: 110 },
  { category: 'region', typed: 'Medoc', name: 'Médoc', country: 'FR', lat: 45.2, lng: -0.85, radiusKm: 50 },
  { category: 'region', typed: 'Champagne', name: 'Champagne', country: 'FR', lat: 49.05, lng: 4.0, radiusKm: 70 },
  { category: 'region', typed: 'Rioja', name: 'Rioja (wine region)', country: 'ES', lat: 42.45, lng: -2.6, radiusKm: 60 },
  { category: 'region', typed: 'Ribera del Duero', name: 'Ribera del Duero', country: 'ES', lat: 41.65, lng: -3.9, radiusKm: 50 },
  { category: 'region', typed: 'Transylvania', name: 'Transylvania', country: 'RO', lat: 46.4, lng: 24.5, radiusKm: 150 },
  { category: 'region', typed: 'Galilee', name: 'Galilee', country: 'IL', lat: 32.85, lng: 35.4, radiusKm: 35 },
  { category: 'region', typed: 'Barossa', name: 'Barossa Valley', country: 'AU', lat: -34.55, lng: 138.95, radiusKm: 20 },
  { category: 'region', typed: 'Marlborough wine region', name: 'Marlborough', country: 'NZ', lat: -41.55, lng: 173.85, radiusKm: 40 },
  { category: 'region', typed: 'Cappadocia', name: 'Cappadocia', country: 'TR', lat: 38.65, lng: 34.85, radiusKm: 40 },
  { category: 'region', typed: 'Connemara', name: 'Connemara', country: 'IE', lat: 53.45, lng: -9.75, radiusKm: 35 },
  { category: 'region', typed: 'Masuria', name: 'Masurian Lake District', country: 'PL', lat: 53.8, lng: 21.6, radiusKm: 80 },
  { category: 'region', typed: 'Coffee Triangle Colombia', name: 'Coffee Triangle (Eje Cafetero)', country: 'CO', lat: 4.8, lng: -75.65, radiusKm: 70 },
  { category: 'valley', typed: 'Colchagua Valley', name: 'Colchagua Valley', country: 'CL', lat: -34.62, lng: -71.3, radiusKm: 35 },
  { category: 'valley', typed: 'Casablanca Valley', name: 'Casablanca Valley', country: 'CL', lat: -33.3, lng: -71.4, radiusKm: 25 },
  { category: 'valley', typed: 'maipo valley', name: 'Maipo Valley', country: 'CL', lat: -33.7, lng: -70.65, radiusKm: 40 },
  { category: 'valley', typed: 'Ahr valley', name: 'Ahr Valley', country: 'DE', lat: 50.53, lng: 7.0, radiusKm: 20 },
  { category: 'valley', typed: 'Ourika Valley', name: 'Ourika Valley', country: 'MA', lat: 31.3, lng: -7.75, radiusKm: 20 },
  { category: 'valley', typed: 'Stubai valley', name: 'Stubai Valley', country: 'AT', lat: 47.1, lng: 11.3, radiusKm: 20 },
  { category: 'valley', typed: 'stubaital', name: 'Stubai Valley', country: 'AT', lat: 47.1, lng: 11.3, radiusKm: 20 },
  { category: 'valley', typed: 'Kashmir Valley', name: 'Kashmir Valley', country: 'IN', lat: 34.05, lng: 74.8, radiusKm: 60 },
  { category: 'valley', typed: 'Bekaa Valley', name: 'Beqaa Valley', country: 'LB', lat: 33.85, lng: 35.95, radiusKm: 50 },
  { category: 'valley', typed: 'Sacred Valley Peru', name: 'Sacred Valley', country: 'PE', lat: -13.33, lng: -72.0, radiusKm: 35 },
  { category: 'valley', typed: 'Swat Valley', name: 'Swat Valley', country: 'PK', lat: 35.2, lng: 72.45, radiusKm: 60 },
  { category: 'valley', typed: 'Spiti valley', name: 'Spiti Valley', country: 'IN', lat: 32.25, lng: 78.05, radiusKm: 50 },
  { category: 'valley', typed: 'Soca valley', name: 'Soča Valley', country: 'SI', lat: 46.25, lng: 13.65, radiusKm: 30 },
  { category: 'valley', typed: 'Okanagan Valley', name: 'Okanagan Valley', country: 'CA', lat: 49.9, lng: -119.5, radiusKm: 90 },
  { category: 'valley', typed: 'Willamette Valley', name: 'Willamette Valley', country: 'US', lat: 45.0, lng: -123.0, radiusKm: 100 },
  { category: 'coast', typed: 'Costa Smeralda', name: 'Costa Smeralda', country: 'IT', lat: 41.1, lng: 9.53, radiusKm: 15 },
  { category: 'coast', typed: 'Turquoise Coast', name: 'Turquoise Coast', country: 'TR', lat: 36.5, lng: 29.9, radiusKm: 110 },
  { category: 'coast', typed: 'Makarska Riviera', name: 'Makarska Riviera', country: 'HR', lat: 43.3, lng: 17.02, radiusKm: 20 },
  { category: 'coast', typed: 'Albanian Riviera', name: 'Albanian Riviera', country: 'AL', lat: 40.05, lng: 19.75, radiusKm: 40 },
  { category: 'coast', typed: 'Sunshine Coast Queensland', name: 'Sunshine Coast', country: 'AU', lat: -26.65, lng: 153.05, radiusKm: 45 },
  { category: 'coast', typed: 'Bay of Kotor', name: 'Bay of Kotor', country: 'ME', lat: 42.45, lng: 18.65, radiusKm: 20 },
  { category: 'coast', typed: 'Halkidiki', name: 'Chalkidiki', country: 'GR', lat: 40.3, lng: 23.4, radiusKm: 60 },
  { category: 'coast', typed: 'Istria', name: 'Istria', country: 'HR', alsoCountries: ['SI'], lat: 45.25, lng: 13.9, radiusKm: 50 },
  { category: 'coast', typed: 'Costa Vicentina', name: 'Costa Vicentina', country: 'PT', lat: 37.6, lng: -8.75, radiusKm: 60 },
  { category: 'coast', typed: 'Riviera Romagnola', name: 'Romagna Riviera', country: 'IT', lat: 44.05, lng: 12.55, radiusKm: 50 },
  { category: 'island_group', typed: 'Lofoten islands', name: 'Lofoten', country: 'NO', lat: 68.2, lng: 13.9, radiusKm: 70 },
  { category: 'island_group', typed: 'Exumas', name: 'Exuma', country: 'BS', lat: 23.6, lng: -75.9, radiusKm: 90 },
  { category: 'island_group', typed: 'Sporades', name: 'Sporades', country: 'GR', lat: 39.15, lng: 23.6, radiusKm: 60 },
  { category: 'island_group', typed: 'Isles of Scilly', name: 'Isles of Scilly', country: 'GB', lat: 49.93, lng: -6.3, radiusKm: 15 },
  { category: 'island_group', typed: 'Stockholm archipelago', name: 'Stockholm Archipelago', country: 'SE', lat: 59.4, lng: 18.7, radiusKm: 60 },
  { category: 'island_group', typed: 'Mamanuca islands', name: 'Mamanuca Islands', country: 'FJ', lat: -17.7, lng: 177.15, radiusKm: 20 },
  { category: 'lake', typed: 'Lake Atitlan', name: 'Lake Atitlán', country: 'GT', lat: 14.69, lng: -91.2, radiusKm: 15 },
  { category: 'lake', typed: 'Hallstatter See', name: 'Lake Hallstatt', country: 'AT', lat: 47.58, lng: 13.66, radiusKm: 7 },
  { category: 'lake', typed: 'Inle Lake', name: 'Inle Lake', country: 'MM', lat: 20.55, lng: 96.91, radiusKm: 18 },
  { category: 'lake', typed: 'Lake Bohinj', name: 'Lake Bohinj', country: 'SI', lat: 46.28, lng: 13.86, radiusKm: 6 },
  { category: 'sight', typed: 'Golden Temple', name: 'Golden Temple (Harmandir Sahib)', country: 'IN', lat: 31.62, lng: 74.876, radiusKm: 5 },
  { category: 'sight', typed: 'Hoover Dam', name: 'Hoover Dam', country: 'US', lat: 36.016, lng: -114.738, radiusKm: 8 },
  { category: 'sight', typed: 'Mount Rushmore', name: 'Mount Rushmore', country: 'US', lat: 43.879, lng: -103.459, radiusKm: 15 },
  { category: 'sight', typed: 'Cliffs of Moher', name: 'Cliffs of Moher', country: 'IE', lat: 52.97, lng: -9.43, radiusKm: 12 },
  { category: 'sight', typed: 'Keukenhof gardens', name: 'Keukenhof', country: 'NL', lat: 52.27, lng: 4.546, radiusKm: 5 },
  { category: 'sight', typed: 'Sheikh Zayed Grand Mosque', name: 'Sheikh Zayed Grand Mosque', country: 'AE', lat: 24.412, lng: 54.475, radiusKm: 5 },
  { category: 'sight', typed: 'Hobbiton', name: 'Hobbiton Movie Set', country: 'NZ', lat: -37.872, lng: 175.683, radiusKm: 5 },
  { category: 'sight', typed: 'Chocolate Hills Bohol', name: 'Chocolate Hills', country: 'PH', lat: 9.83, lng: 124.16, radiusKm: 10 },
  { category: 'delta_desert_mountain', typed: 'Mount Batur', name: 'Mount Batur', country: 'ID', lat: -8.242, lng: 115.375, radiusKm: 10 },
  { category: 'delta_desert_mountain', typed: 'Dolomites', name: 'Dolomites', country: 'IT', lat: 46.45, lng: 11.85, radiusKm: 80 },
  { category: 'delta_desert_mountain', typed: 'Engadine', name: 'Engadine', country: 'CH', lat: 46.6, lng: 9.95, radiusKm: 40 },
  { category: 'delta_desert_mountain', typed: 'Tatra mountains', name: 'Tatra Mountains', country: 'SK', alsoCountries: ['PL'], lat: 49.2, lng: 20.0, radiusKm: 40 },
  { category: 'delta_desert_mountain', typed: 'Wadi Rum desert', name: 'Wadi Rum', country: 'JO', lat: 29.6, lng: 35.4, radiusKm: 30 },
  { category: 'delta_desert_mountain', typed: 'Sossusvlei', name: 'Sossusvlei', country: 'NA', lat: -24.73, lng: 15.34, radiusKm: 60 },
  { category: 'delta_desert_mountain', typed: 'Camargue', name: 'Camargue', country: 'FR', lat: 43.55, lng: 4.5, radiusKm: 30 },
];

// ── not a place ────────────────────────────────────────────────────────────────────────────
// Feature words typed alone. They name a kind of place, not a place, so the service has nothing
// to resolve them to. What a test should check for each: the answer is a 404 (not_found) or a
// clarifying answer (alternatives, a question back) — never a single destination whose label
// begins with the word itself (folded: case and accents aside) or with one of `lookalikes`:
// real towns that happen to bear the word ("Valley, Alabama", "National Park, New Jersey",
// "Old Town, Maine") or names a loose spelling match could reach ("Iceland" for "island").

export interface NotAPlaceCase {
  typed: string;
  /** Places a wrong answer might be: real towns named like the word, or near spellings. */
  lookalikes: readonly string[];
}

export const NOT_A_PLACE: readonly NotAPlaceCase[] = [
  { typed: 'island', lookalikes: ['Island', 'Iceland', 'Ireland'] }, // Island, Kentucky
  { typed: 'islands', lookalikes: ['Islands', 'Iceland'] },
  { typed: 'valley', lookalikes: ['Valley'] }, // Valley, Alabama; Valley, Nebraska
  { typed: 'the lake', lookalikes: ['Lake', 'The Lake'] }, // Lake, Mississippi
  { typed: 'lake', lookalikes: ['Lake'] },
  { typed: 'beach', lookalikes: ['Beach'] }, // Beach, North Dakota
  { typed: 'the beach', lookalikes: ['Beach', 'The Beach'] },
  { typed: 'airport', lookalikes: ['Airport'] }, // Airport, California (a census-designated place)
  { typed: 'national park', lookalikes: ['National Park'] }, // National Park, New Jersey
  { typed: 'old town', lookalikes: ['Old Town'] }, // Old Town, Maine
  { typed: 'downtown', lookalikes: ['Downtown'] },
  { typed: 'the coast', lookalikes: ['Coast', 'The Coast'] },
  { typed: 'the mountains', lookalikes: ['Mountain', 'Mountains'] },
  { typed: 'desert', lookalikes: ['Desert', 'Desert Hot Springs'] },
  { typed: 'bay', lookalikes: ['Bay'] }, // Bay, Arkansas
  { typed: 'canyon', lookalikes: ['Canyon'] }, // Canyon, Texas
  { typed: 'forest', lookalikes: ['Forest'] }, // Forest, Mississippi
  { typed: 'peninsula', lookalikes: ['Peninsula'] }, // Peninsula, Ohio
  { typed: 'delta', lookalikes: ['Delta'] }, // Delta, Colorado; Delta, British Columbia
  { typed: 'city centre', lookalikes: ['Centre', 'City'] }, // Centre, Alabama
  { typed: 'ski resort', lookalikes: ['Resort'] },
];
