// What a search box should suggest as travellers type (issue 14). Written from the world's most
// visited city destinations (Euromonitor's Top 100 City Destinations, 2023 and 2024 editions)
// and their everyday misspellings, not from the service's answers.
//
// A place case is [typed, the start of the label of the place meant, its country code]: the place
// must be among the first three places suggested. The typed text is the name's first letters as
// a traveller types them, mid-word; the misspellings are cut mid-word too.

/** The label may start with any of the names given (a place is labelled by its name in GeoNames: "Sevilla"). */
export type PlacePrefixCase = [typed: string, labelStart: string | string[], countryCode: string];

/** First letters of the most visited cities: four, or five where four begin a larger place's name. */
export const PLACE_PREFIX_CASES: PlacePrefixCase[] = [
  ['Ista', 'Istanbul', 'TR'],
  ['Lond', 'London', 'GB'],
  ['Duba', 'Dubai', 'AE'],
  ['Anta', 'Antalya', 'TR'],
  ['Pari', 'Paris', 'FR'],
  ['Hong K', 'Hong Kong', 'HK'],
  ['Bangk', 'Bangkok', 'TH'],
  ['New Yo', 'New York', 'US'],
  ['Canc', 'Cancún', 'MX'],
  ['Maca', 'Macau', 'MO'],
  ['Rome', 'Rome', 'IT'],
  ['Sing', 'Singapore', 'SG'],
  ['Kuala', 'Kuala Lumpur', 'MY'],
  ['Amst', 'Amsterdam', 'NL'],
  ['Mila', 'Milan', 'IT'],
  ['Barc', 'Barcelona', 'ES'],
  ['Toky', 'Tokyo', 'JP'],
  ['Seou', 'Seoul', 'KR'],
  ['Patt', 'Pattaya', 'TH'],
  ['Phuk', 'Phuket', 'TH'],
  ['Las V', 'Las Vegas', 'US'],
  ['Miam', 'Miami', 'US'],
  ['Los A', 'Los Angeles', 'US'],
  ['Orla', 'Orlando', 'US'],
  ['Prag', 'Prague', 'CZ'],
  ['Vien', 'Vienna', 'AT'],
  ['Madr', 'Madrid', 'ES'],
  ['Lisb', 'Lisbon', 'PT'],
  ['Berl', 'Berlin', 'DE'],
  ['Athe', 'Athens', 'GR'],
  ['Dubl', 'Dublin', 'IE'],
  ['Buda', 'Budapest', 'HU'],
  ['Veni', 'Venice', 'IT'],
  ['Flor', 'Florence', 'IT'],
  ['Muni', 'Munich', 'DE'],
  ['Osak', 'Osaka', 'JP'],
  ['Kyot', 'Kyoto', 'JP'],
  ['Taip', 'Taipei', 'TW'],
  ['Shang', 'Shanghai', 'CN'],
  ['Beij', 'Beijing', 'CN'],
  ['Ho Ch', 'Ho Chi Minh City', 'VN'],
  ['Hano', 'Hanoi', 'VN'],
  ['Delh', 'Delhi', 'IN'],
  ['Mumb', 'Mumbai', 'IN'],
  ['Jaip', 'Jaipur', 'IN'],
  ['Cair', 'Cairo', 'EG'],
  ['Marr', ['Marrakesh', 'Marrakech'], 'MA'],
  ['Cape T', 'Cape Town', 'ZA'],
  ['Sydn', 'Sydney', 'AU'],
  ['Melb', 'Melbourne', 'AU'],
  ['Toro', 'Toronto', 'CA'],
  ['Vanc', 'Vancouver', 'CA'],
  ['Mont', ['Montreal', 'Montréal'], 'CA'],
  ['San Fr', 'San Francisco', 'US'],
  ['Chic', 'Chicago', 'US'],
  ['Bost', 'Boston', 'US'],
  ['Hono', 'Honolulu', 'US'],
  ['Rio de', 'Rio de Janeiro', 'BR'],
  ['São P', 'São Paulo', 'BR'],
  ['Buenos', 'Buenos Aires', 'AR'],
  ['Mexico C', 'Mexico City', 'MX'],
  ['Doha', 'Doha', 'QA'],
  ['Abu D', 'Abu Dhabi', 'AE'],
  ['Jeru', 'Jerusalem', 'IL'],
  ['Tel A', 'Tel Aviv', 'IL'],
  ['Edin', 'Edinburgh', 'GB'],
  ['Cope', 'Copenhagen', 'DK'],
  ['Stoc', 'Stockholm', 'SE'],
  ['Hels', 'Helsinki', 'FI'],
  ['Wars', 'Warsaw', 'PL'],
  ['Krak', ['Kraków', 'Krakow', 'Cracow'], 'PL'],
  ['Brus', 'Brussels', 'BE'],
  ['Zuri', 'Zurich', 'CH'],
  ['Gene', 'Geneva', 'CH'],
  ['Nice', 'Nice', 'FR'],
  ['Porto', 'Porto', 'PT'],
  ['Sevi', ['Seville', 'Sevilla'], 'ES'],
  ['Napl', 'Naples', 'IT'],
  ['Dubr', 'Dubrovnik', 'HR'],
  ['Reyk', 'Reykjavik', 'IS'],
  ['Manil', 'Manila', 'PH'],
  ['Jaka', 'Jakarta', 'ID'],
  ['Kath', 'Kathmandu', 'NP'],
  ['Auck', 'Auckland', 'NZ'],
];

/** The same cities misspelt the way travellers misspell them, cut before the end. */
export const PLACE_MISSPELT_PREFIX_CASES: PlacePrefixCase[] = [
  ['Barcelo', 'Barcelona', 'ES'],
  ['Barcleon', 'Barcelona', 'ES'],
  ['Amstred', 'Amsterdam', 'NL'],
  ['Lodno', 'London', 'GB'],
  ['Pragu', 'Prague', 'CZ'],
  ['Budapes', 'Budapest', 'HU'],
  ['Edinbur', 'Edinburgh', 'GB'],
  ['Lisbn', 'Lisbon', 'PT'],
  ['Venic', 'Venice', 'IT'],
  ['Florenc', 'Florence', 'IT'],
  ['Copenhagn', 'Copenhagen', 'DK'],
  ['Dubrovnk', 'Dubrovnik', 'HR'],
  ['Istambu', 'Istanbul', 'TR'],
  ['Singapor', 'Singapore', 'SG'],
  ['Bankok', 'Bangkok', 'TH'],
  ['Marrakes', ['Marrakesh', 'Marrakech'], 'MA'],
  ['Amsterdma', 'Amsterdam', 'NL'],
  ['Sydeny', 'Sydney', 'AU'],
  ['Munchen', 'Munich', 'DE'],
  ['Frankfrt', 'Frankfurt', 'DE'],
];

/**
 * Hotel names being typed: each name the find cases expect (names of the demo catalog), typed to
 * the first three letters of its last word ("Terrace Sydney Vil"). A hotel of that name must be
 * among the first five suggested.
 */
export function hotelPrefixCases(names: readonly string[]): [typed: string, name: string][] {
  return [...new Set(names)].flatMap((name) => {
    const words = name.split(' ');
    const last = words.pop()!;
    return last.length > 3 ? [[[...words, last.slice(0, 3)].join(' '), name] as [string, string]] : [];
  });
}
