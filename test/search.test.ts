// GET /hotels/search through HTTP: point, destination and place_id searches, orders, totals,
// filters, distances, labels, sub_id, and the cross-parameter rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS, LISBON_POINT } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS);
});
afterAll(async () => t.close());

const point = `lat=${LISBON_POINT.lat}&lng=${LISBON_POINT.lng}`;
const ids = (body: { hotels: { id: string }[] }) => body.hotels.map((h) => h.id.split('/').pop());

describe('point search (lat/lng)', () => {
  it('returns hotels within 5 km by default, nearest first, with distances and the total before limit', async () => {
    const r = await t.request(`/hotels/search?${point}`);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(5);
    expect(ids(r.body)).toEqual(['hotel-aurora', 'casa-do-sol', 'grand-meridian-international', 'st-george-inn', 'pestana-palace']);
    expect(r.body.hotels.map((h: { distance_km: number }) => h.distance_km)).toEqual([0.5, 1, 2, 3, 4.5]);
    expect(r.body.destination).toBe('38.72, -9.14');
  });

  it('counts every match in total but returns at most limit hotels', async () => {
    const r = await t.request(`/hotels/search?${point}&limit=2`);
    expect(r.body.total).toBe(5);
    expect(ids(r.body)).toEqual(['hotel-aurora', 'casa-do-sol']);
  });

  it('widens and narrows with radius_km', async () => {
    const wide = await t.request(`/hotels/search?${point}&radius_km=10`);
    expect(wide.body.total).toBe(6);
    expect(ids(wide.body).at(-1)).toBe('riverside-suites-spa');
    expect(wide.body.hotels.at(-1).distance_km).toBe(6);
    const narrow = await t.request(`/hotels/search?${point}&radius_km=1.5`);
    expect(ids(narrow.body)).toEqual(['hotel-aurora', 'casa-do-sol']);
  });

  it('sorts by rating (ties: more reviews first) and by stars on request', async () => {
    const byRating = await t.request(`/hotels/search?${point}&sort=rating`);
    expect(ids(byRating.body)).toEqual(['pestana-palace', 'grand-meridian-international', 'casa-do-sol', 'hotel-aurora', 'st-george-inn']);
    const byStars = await t.request(`/hotels/search?${point}&sort=stars`);
    expect(ids(byStars.body)).toEqual(['pestana-palace', 'grand-meridian-international', 'casa-do-sol', 'hotel-aurora', 'st-george-inn']);
    expect(byStars.body.hotels.map((h: { stars: number }) => h.stars)).toEqual([5, 4.5, 4, 3, 2]);
  });

  it('filters by min_stars and min_rating, with total counting only what passes', async () => {
    const stars = await t.request(`/hotels/search?${point}&min_stars=4`);
    expect(stars.body.total).toBe(3);
    expect(ids(stars.body)).toEqual(['casa-do-sol', 'grand-meridian-international', 'pestana-palace']);
    const rating = await t.request(`/hotels/search?${point}&min_rating=8.5&radius_km=10`);
    expect(ids(rating.body)).toEqual(['grand-meridian-international', 'pestana-palace']);
  });

  it('echoes label as destination', async () => {
    const r = await t.request(`/hotels/search?${point}&label=${encodeURIComponent('Near Avenida')}`);
    expect(r.body.destination).toBe('Near Avenida');
  });

  it('answers 200 with total 0 where there are no hotels', async () => {
    const r = await t.request('/hotels/search?lat=0&lng=0');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ destination: '0, 0', total: 0, hotels: [] });
  });

  it('gives hotel cards exactly the fields of section 2.1', async () => {
    const r = await t.request(`/hotels/search?${point}&limit=1&sort=rating`);
    expect(r.body.hotels[0]).toEqual({
      id: 'hotel/pt/lisbon/pestana-palace',
      name: 'Pestana Palace',
      stars: 5,
      rating: 9.1,
      review_count: 2000,
      address: 'Pestana Palace street 1',
      latitude: expect.closeTo(38.76047, 5),
      longitude: -9.14,
      distance_km: 4.5,
      photo_url: 'https://photos.example.test/pestana/main.jpg',
      url: 'https://www.stays.example/hotel/pt/lisbon/pestana-palace',
    });
  });
});

describe('destination search', () => {
  it('returns the hotels of a city best-rated first, unrated last, saying what was understood', async () => {
    const r = await t.request('/hotels/search?destination=Lisbon');
    expect(r.status).toBe(200);
    expect(r.body.destination).toBe('Lisbon, Portugal');
    expect(r.body.total).toBe(6);
    expect(ids(r.body)).toEqual([
      'pestana-palace',
      'grand-meridian-international',
      'casa-do-sol',
      'hotel-aurora',
      'st-george-inn',
      'riverside-suites-spa',
    ]);
    expect(r.body.hotels.every((h: { distance_km: number | null }) => typeof h.distance_km === 'number')).toBe(true);
  });

  it('reads case, accents and "City, Country" alike', async () => {
    for (const text of ['LISBON', 'lisbon', 'Lisbon, Portugal', 'lisbon,PT']) {
      const r = await t.request(`/hotels/search?destination=${encodeURIComponent(text)}`);
      expect([text, r.body.destination, r.body.total]).toEqual([text, 'Lisbon, Portugal', 6]);
    }
  });

  it('resolves ambiguity by likelihood: Paris is France, "Paris, Texas" is not', async () => {
    const france = await t.request('/hotels/search?destination=Paris');
    expect(france.body.destination).toBe('Paris, Île-de-France, France');
    expect(ids(france.body)).toEqual(['hotel-lumiere', 'le-petit-parisien']);
    for (const text of ['Paris, Texas', 'Paris, TX', 'Paris Texas']) {
      const texas = await t.request(`/hotels/search?destination=${encodeURIComponent(text)}`);
      expect(texas.body.destination).toBe('Paris, Texas, United States');
      expect(ids(texas.body)).toEqual(['paris-texas-motor-inn']);
    }
  });

  it('reads a name that holds a comma as a whole before reading "City, Country"', async () => {
    const r = await t.request(`/hotels/search?destination=${encodeURIComponent('Washington, D.C.')}`);
    expect(r.status).toBe(200);
    expect(r.body.destination).toBe('Washington, D.C., District of Columbia, United States');
  });

  it('searches a whole country, without distances', async () => {
    const r = await t.request('/hotels/search?destination=Portugal');
    expect(r.body.destination).toBe('Portugal');
    expect(r.body.total).toBe(8);
    expect(ids(r.body)).toEqual([
      'pestana-palace',
      'grand-meridian-international',
      'porto-ribeira',
      'casa-do-sol',
      'hotel-aurora',
      'hotel-aurora',
      'st-george-inn',
      'riverside-suites-spa',
    ]);
    expect(r.body.hotels[5].id).toBe('hotel/pt/porto/hotel-aurora');
    expect(r.body.hotels.every((h: { distance_km: unknown }) => h.distance_km === null)).toBe(true);
  });

  it('sorts a city by distance from its centre, but refuses sort=distance for a country', async () => {
    const city = await t.request('/hotels/search?destination=Lisbon&sort=distance&limit=3');
    expect(ids(city.body)).toEqual(['hotel-aurora', 'casa-do-sol', 'grand-meridian-international']);
    const country = await t.request('/hotels/search?destination=Portugal&sort=distance');
    expect(country.status).toBe(400);
    expect(country.body.error.code).toBe('invalid_params');
    expect(country.body.error.message).toContain('sort=distance needs a point');
    // A place_id is quoted as sent, with what it names.
    const byId = await t.request('/hotels/search?place_id=country:PT&sort=distance');
    expect(byId.body.error.message).toMatch(/^sort=distance needs a point, and place_id "country:PT" \(Portugal\) is a country, which has no centre; /);
  });

  it('applies filters and stars order inside a place', async () => {
    const r = await t.request('/hotels/search?destination=Portugal&min_stars=4&sort=stars');
    expect(r.body.total).toBe(4);
    expect(ids(r.body)).toEqual(['pestana-palace', 'grand-meridian-international', 'porto-ribeira', 'casa-do-sol']);
  });

  it('is 404 for text that names no place, and 200 with total 0 for a place without hotels', async () => {
    const none = await t.request('/hotels/search?destination=Qwxzyv%20Plorth');
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('not_found');
    expect(none.body.error.message).toBe('no place matches destination "Qwxzyv Plorth"');
    const empty = await t.request('/hotels/search?destination=Madrid');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ destination: 'Madrid, Spain', total: 0, hotels: [] });
  });
});

describe('destinations as travellers type them', () => {
  /** What a destination search answers a text: the text, the status and the place understood. */
  const understood = async (typed: string) => {
    const r = await t.request(`/hotels/search?destination=${encodeURIComponent(typed)}`);
    return [typed, r.status, r.body.destination];
  };

  it('reads a misspelling of a well-known place as that place, and says so; nonsense stays 404', async () => {
    for (const [typed, label] of [
      ['Lisbn', 'Lisbon, Portugal'],
      ['Lisbonn, Portugal', 'Lisbon, Portugal'],
      ['Barcelna', 'Barcelona, Catalonia, Spain'],
      ['Rio de Janiero', 'Rio de Janeiro, Brazil'],
    ]) {
      expect(await understood(typed)).toEqual([typed, 200, label]);
    }
    // A name some place has as typed is that place, however famous its neighbour in spelling.
    expect((await t.request('/hotels/search?destination=Porto')).body.destination).toBe('Porto, Portugal');
    for (const nonsense of ['Qwxzyv', 'Lisbonxyz', 'Hotl']) {
      expect((await t.request(`/hotels/search?destination=${nonsense}`)).status).toBe(404);
    }
  });

  it('reads a well-known place\'s name typed in part as that place, over a lesser one a typo away; made-up words stay 404', async () => {
    for (const [typed, labelStart] of [
      ['lisbo', 'Lisbon, Portugal'],
      ['amster', 'Amsterdam, '],
      ['san fran', 'San Francisco, California, '],
      ['rio de jan', 'Rio de Janeiro, Brazil'],
      // Bangui, a capital, is a typo away; Bangkok is the likelier place.
      ['bangk', 'Bangkok, Thailand'],
    ]) {
      const [, status, destination] = await understood(typed);
      expect([typed, status, String(destination).startsWith(labelStart)]).toEqual([typed, 200, true]);
    }
    expect((await t.request('/hotels/search?destination=lisbo')).body.total).toBeGreaterThan(0);
    // A misspelling is still read as one: no longer name begins with it.
    expect((await t.request('/hotels/search?destination=Barcelna')).body.destination).toBe('Barcelona, Catalonia, Spain');
    for (const madeUp of ['blorptown', 'fantasiavil', 'Lisbonxyz']) {
      expect((await understood(madeUp)).slice(0, 2)).toEqual([madeUp, 404]);
    }
  });

  it('finds the place inside the words people say around it; a wish or "near me" stays 404', async () => {
    for (const [typed, label] of [
      ['hotels in Lisbon', 'Lisbon, Portugal'],
      ['Lisbon hotels', 'Lisbon, Portugal'],
      ['downtown lisbon', 'Lisbon, Portugal'],
      ['Lisbon 1100', 'Lisbon, Portugal'],
      ['near the Eiffel Tower', 'Eiffel Tower, Paris, France'],
      // What is left is read through a typo as any destination is.
      ['hotels in Barcelna', 'Barcelona, Catalonia, Spain'],
    ]) {
      expect(await understood(typed)).toEqual([typed, 200, label]);
    }
    for (const unknown of ['hotels near me', 'best hotels', 'the best hotel', 'hotels']) {
      expect((await understood(unknown)).slice(0, 2)).toEqual([unknown, 404]);
    }
  });

  it('finds a well-known place named beside words that name nothing, but not in a hotel brand', async () => {
    for (const [typed, label] of [
      ['Disney World Orlando', 'Orlando, Florida, United States'],
      ['Hilton Chicago', 'Chicago, Illinois, United States'],
      ['Soho London', 'London, England, United Kingdom'],
      ['cheap hotels Paris', 'Paris, Île-de-France, France'],
      // Read last: a typo of the whole text comes first ("lso angeles" is not Angeles City).
      ['lso angeles', 'Los Angeles, California, United States'],
    ]) {
      expect(await understood(typed)).toEqual([typed, 200, label]);
    }
    for (const brand of ['Holiday Inn Express', 'La Quinta Inn', 'Best Western', 'the best hotel', 'Hilton near me']) {
      expect((await understood(brand)).slice(0, 2)).toEqual([brand, 404]);
    }
  });

  it('says what to send instead when a destination names where the traveller is, or what hotel is wanted', async () => {
    const messageFor = async (destination: string) => {
      const answer = await t.request(`/hotels/search?destination=${encodeURIComponent(destination)}`);
      expect([destination, answer.status, answer.body.error.code]).toEqual([destination, 404, 'not_found']);
      return answer.body.error.message as string;
    };
    for (const here of ['hotels near me', 'Hotels nearby', 'near here', 'my current location']) {
      expect(await messageFor(here)).toBe(`no place matches destination ${JSON.stringify(here)}: it says where the traveller is, which only their device knows; send their position as lat and lng instead (radius_km sets how far around)`);
    }
    for (const wish of ['best hotels', 'Cheap hotel', 'the best luxury hotels', 'hotels', 'places to stay']) {
      expect(await messageFor(wish)).toMatch(/: it says what hotel is wanted, not where; send a city, region, country, landmark or airport code/);
    }
    // A kind of place alone is not one: not Iceland ("Island" in German), not Valley, Alabama.
    for (const kind of ['island', 'Valley', 'the lake', 'beach hotels', 'hotels near the airport', 'national park', 'old town']) {
      expect(await messageFor(kind)).toMatch(/: it says what kind of place, not which one; name it, as in "Lake Garda"/);
    }
    // Text that only fails to name a place gets no advice it does not need.
    expect(await messageFor('blorptown')).toBe('no place matches destination "blorptown"');
    expect(await messageFor('hotels in blorptown')).toBe('no place matches destination "hotels in blorptown"');
  });

  it('reads the words for a kind of place around a name as such, never as a place or a code of their own', async () => {
    const understood = async (destination: string) => {
      const r = await t.request(`/hotels/search?destination=${encodeURIComponent(destination)}&limit=1`);
      return r.status === 200 ? r.body.destination : r.status;
    };
    // The name without them, when the whole is no place's name.
    expect(await understood('Porto beach')).toBe('Porto, Portugal');
    // A kind word alone is no place, unless a capital is called so (Praia, "beach", Cape Verde's).
    expect(await understood('beach')).toBe(404);
    expect(await understood('Praia')).toBe('Praia, Cape Verde');
    expect(await understood('Sintra mountains')).toBe('Sintra, Lisbon, Portugal');
    // ...and the area itself where it is one of the bundled ones.
    expect(await understood('hotels on Lake Garda')).toBe('Lake Garda, Veneto, Italy');
    expect(await understood('Napa Valley')).toBe('Napa Valley, California, United States');
    // What stands at a sight, after its name: "Pompeii ruins" is Pompeii; "Temple" alone is still the town.
    expect(await understood('pompeii ruins')).toBe('Pompeii, Campania, Italy');
    expect(await understood('Temple')).toBe('Temple, Texas, United States');
    // Never the word alone (Valley, Alabama; Delta, Nigeria; Iceland), nor a code among words (Malta, MT; Suriname, SUR).
    for (const text of ['Death Valley', 'Okavango Delta', 'Koh Samui island', 'Mount Rushmore', 'Big Sur', 'Borobudur temple']) {
      const got = await understood(text);
      expect([text, got]).not.toEqual([text, expect.stringMatching(/^(Valley|Delta|Iceland|Malta|Suriname|Tenerife Sur|Sur|Temple)\b/)]);
    }
  });

  it('reads Saint and St, Mount and Mt, Fort and Ft alike in a place\'s name', async () => {
    const saint = await t.request('/hotels/search?destination=saint%20louis');
    expect(saint.body.destination).toBe('St. Louis, Missouri, United States');
    expect(saint.body.alternatives.map((a: { label: string }) => a.label)).toContain('Saint-Louis, Senegal');
    expect((await t.request('/hotels/search?destination=st%20malo')).body.destination).toBe('Saint-Malo, Brittany, France');
    expect((await t.request('/hotels/search?destination=ft%20lauderdale')).body.destination).toBe('Fort Lauderdale, Florida, United States');
  });

  it('labels a city with its own region, or with its country alone where the region data is of another numbering', async () => {
    // Vietnam's provinces were renumbered in GeoNames; the bundled cities carry the old codes.
    for (const [typed, label] of [
      ['Hanoi', 'Hanoi, Vietnam'],
      ['Ho Chi Minh City', 'Ho Chi Minh City, Vietnam'],
      ['Toronto', 'Toronto, Ontario, Canada'],
      ['Cancun', 'Cancún, Quintana Roo, Mexico'],
      // A region named as its country is not said twice.
      ['Taipei', 'Taipei, Taiwan'],
    ]) {
      expect(await understood(typed)).toEqual([typed, 200, label]);
    }
  });

  it('takes a large airport\'s code over the country whose ISO code it also is, in any case', async () => {
    for (const code of ['FRA', 'fra', 'CAN', 'MEX']) {
      const r = await t.request(`/hotels/search?destination=${code}`);
      expect(r.body.destination).toContain(`(${code.toUpperCase()})`);
    }
    expect((await t.request('/hotels/search?destination=USA')).body.destination).toBe('United States');
    expect((await t.request('/hotels/search?destination=Paris%2C%20FRA')).body.destination).toBe('Paris, Île-de-France, France');
  });

  it('answers a place with a centre but no hotels of its own with the nearest ones, widening up to 50 km', async () => {
    // Amadora and Sintra have no hotels filed under them; Lisbon's lie 5–10 and 20–25 km away.
    for (const [place, label, withinKm] of [
      ['Amadora', 'Amadora, Lisbon, Portugal', 10],
      ['Sintra', 'Sintra, Lisbon, Portugal', 25],
    ] as const) {
      const r = await t.request(`/hotels/search?destination=${place}&limit=20`);
      expect(r.body.destination).toBe(label);
      expect(r.body.total).toBeGreaterThan(0);
      const distances = r.body.hotels.map((h: { distance_km: number }) => h.distance_km);
      expect(Math.max(...distances)).toBeLessThanOrEqual(withinKm);
      expect(Math.max(...distances)).toBeGreaterThan(withinKm === 10 ? 0 : 10);
      // Searched around, the place is a point: nearest first.
      expect(distances).toEqual([...distances].sort((a: number, b: number) => a - b));
    }
    // Nothing within 50 km stays an empty answer.
    expect((await t.request('/hotels/search?destination=Madrid')).body.total).toBe(0);
  });

  it('answers an airport or a sight nearest first, as a point, unless sort says otherwise', async () => {
    for (const destination of ['LIS', 'Belem Tower']) {
      const r = await t.request(`/hotels/search?destination=${encodeURIComponent(destination)}&limit=20`);
      expect(r.status).toBe(200);
      expect(r.body.total).toBeGreaterThan(1);
      const distances = r.body.hotels.map((h: { distance_km: number }) => h.distance_km);
      expect(distances).toEqual([...distances].sort((a: number, b: number) => a - b));
      const byRating = await t.request(`/hotels/search?destination=${encodeURIComponent(destination)}&limit=20&sort=rating`);
      const ratings = byRating.body.hotels.map((h: { rating: number | null }) => h.rating ?? -1);
      expect(ratings).toEqual([...ratings].sort((a: number, b: number) => b - a));
      expect(byRating.body.total).toBe(r.body.total);
    }
    // A city stays best-rated first.
    const city = (await t.request('/hotels/search?destination=Lisbon&limit=20')).body.hotels.map((h: { rating: number | null }) => h.rating ?? -1);
    expect(city).toEqual([...city].sort((a: number, b: number) => b - a));
  });

  it('takes a capital over a region of its country with the same name', async () => {
    expect((await t.request('/hotels/search?destination=Washington')).body.destination).toBe('Washington, D.C., District of Columbia, United States');
  });
});

describe('place_id search', () => {
  it('answers a suggested place by its place_id as its destination search does, with the suggestion\'s hotel_count as total', async () => {
    // A city with hotels of its own (best-rated first), towns with none (widened, nearest first),
    // an airport and a sight (nearest first), and a country.
    for (const typed of ['Lisbo', 'Amador', 'Sintr', 'Belem Towe', 'Portuga']) {
      const suggested = await t.request(`/suggest?q=${encodeURIComponent(typed)}&only=places&limit=1`);
      const [place] = suggested.body.places;
      const byId = await t.request(`/hotels/search?place_id=${encodeURIComponent(place.place_id)}&limit=20`);
      const byName = await t.request(`/hotels/search?destination=${encodeURIComponent(place.label)}&limit=20`);
      expect(byId.status, typed).toBe(200);
      expect(byId.body.destination, typed).toBe(place.label);
      expect(ids(byId.body), typed).toEqual(ids(byName.body));
      expect(byId.body.total, typed).toBe(byName.body.total);
      expect(place.hotel_count, typed).toBe(byId.body.total);
    }
    const lisbon = await t.request('/hotels/search?place_id=geonames:2267057');
    expect(lisbon.body.total).toBe(6);
    expect(ids(lisbon.body)[0]).toBe('pestana-palace'); // best-rated first, as destination=Lisbon
    const labelled = await t.request('/hotels/search?place_id=geonames:2267057&label=Lisboa&limit=1');
    expect(labelled.body.destination).toBe('Lisboa');
  });

  it('searches an area id like a destination', async () => {
    const r = await t.request('/hotels/search?place_id=country:PT&limit=1');
    expect(r.body.total).toBe(8);
    expect(ids(r.body)).toEqual(['pestana-palace']);
  });

  it('is 404 for an id the provider does not know', async () => {
    const r = await t.request('/hotels/search?place_id=geonames:999999999');
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual({ code: 'not_found', message: 'no place has place_id "geonames:999999999"' });
  });
});

describe('links in results', () => {
  it('carry sub_id as utm_content, and no affiliate code without a key', async () => {
    const r = await t.request(`/hotels/search?${point}&sub_id=blog-top_10`);
    for (const h of r.body.hotels) {
      expect(h.url).toBe(`https://www.stays.example/${h.id}?utm_content=blog-top_10`);
    }
  });
});

describe('parameter rules', () => {
  const cases: [string, string][] = [
    ['destination=Lisbon&limit=50', 'limit must be an integer from 1 to 20 (got "50")'],
    ['destination=Lisbon&limit=10abc', 'limit must be an integer from 1 to 20 (got "10abc")'],
    ['destination=Lisbon&limit=2.5', 'limit must be an integer from 1 to 20 (got "2.5")'],
    ['lat=1e999&lng=0', 'lat must be a number from -90 to 90 (got "1e999")'],
    ['lat=NaN&lng=0', 'lat must be a number from -90 to 90 (got "NaN")'],
    ['lat=91&lng=0', 'lat must be a number from -90 to 90 (got "91")'],
    ['lat=0&lng=-180.5', 'lng must be a number from -180 to 180 (got "-180.5")'],
    ['lat=0&lng=0&radius_km=0.5', 'radius_km must be a number from 1 to 50 (got "0.5")'],
    ['lat=0&lng=0&radius_km=51', 'radius_km must be a number from 1 to 50 (got "51")'],
    ['destination=Lisbon&sort=nearest', 'sort must be one of rating, stars, distance (got "nearest")'],
    ['destination=Lisbon&min_stars=6', 'min_stars must be a number from 1 to 5 (got "6")'],
    ['destination=Lisbon&min_rating=-1', 'min_rating must be a number from 0 to 10 (got "-1")'],
    ['destination=Lisbon&sub_id=a%20b', 'sub_id must be 1 to 200 letters, digits, underscores or hyphens (got "a b")'],
    ['destination=Lisbon&destination=Porto', 'destination must be given once (got 2 values: ["Lisbon","Porto"])'],
    ['', 'send exactly one of destination, place_id, or lat with lng (got none)'],
    ['destination=Lisbon&lat=1&lng=2', 'send exactly one of destination, place_id, or lat with lng (got destination and lat/lng)'],
    ['destination=Lisbon&place_id=country:PT', 'send exactly one of destination, place_id, or lat with lng (got destination and place_id)'],
    ['lat=38.7', 'lat and lng must be sent together (got lat without lng)'],
    ['destination=Lisbon&radius_km=10', 'radius_km applies only to a lat/lng search (got radius_km with destination, which covers its own place)'],
    ['place_id=country:PT&radius_km=10', 'radius_km applies only to a lat/lng search (got radius_km with place_id, which covers its own place)'],
    ['destination=Lisbon&label=x', 'label applies only to a lat/lng or place_id search (got label with destination, which names its own place)'],
  ];
  it.each(cases)('?%s is 400: %s', async (query, message) => {
    const r = await t.request(`/hotels/search?${query}`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { code: 'invalid_params', message } });
    expect(r.headers.get('x-ratelimit-limit')).toBe('100000');
  });

  it('refuses a blank destination, hotel name or city, saying so', async () => {
    for (const [path, message] of [
      ['/hotels/search?destination=%20%20', 'destination is blank (got "  "); send a place\'s name, a place_id, or lat with lng'],
      ['/hotels/find?name=%09', 'name is blank (got "\\t"); send the hotel\'s name'],
      ['/hotels/find?name=Pestana&city=%20', 'city is blank (got " "); leave it out or send a city\'s name'],
    ]) {
      const r = await t.request(path);
      expect([path, r.status, r.body.error?.message]).toEqual([path, 400, message]);
    }
  });

  it('reads numbers in exponent form as the same numbers ("1e-05" is how Python writes 0.00001)', async () => {
    const plain = await t.request('/hotels/search?lat=38.72&lng=-9.14&radius_km=10&label=x');
    const exponent = await t.request('/hotels/search?lat=3.872e1&lng=-9.14E0&radius_km=1e1&label=x');
    expect(exponent.status).toBe(200);
    expect(exponent.body).toEqual(plain.body);
  });

  it('refuses unknown parameters, naming the allowed ones', async () => {
    const r = await t.request('/hotels/search?destination=Lisbon&city=Porto');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(
      'unknown query parameter "city" (allowed: destination, place_id, lat, lng, radius_km, label, limit, sort, min_stars, min_rating, sub_id, lang, currency, cursor)',
    );
  });

  it('refuses empty values', async () => {
    const r = await t.request('/hotels/search?destination=Lisbon&sort=');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('sort must not be empty; leave it out or give one of rating, stars, distance');
  });

  it('refuses an empty required value without advising to leave it out, which is refused too', async () => {
    for (const [path, message] of [
      ['/hotels/find?name=', 'name must not be empty; give a string of 1 to 200 characters'],
      ['/suggest?q=', 'q must not be empty; give a string of 1 to 100 characters'],
    ]) {
      const r = await t.request(path);
      expect([path, r.status, r.body.error?.message]).toEqual([path, 400, message]);
    }
  });

  it('refuses a sub_id of more than 200 characters', async () => {
    const r = await t.request(`/hotels/search?destination=Lisbon&sub_id=${'a'.repeat(201)}`);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/^sub_id must be 1 to 200 letters, digits, underscores or hyphens \(got "a+…"\)$/);
  });

  it('refuses a malformed percent-escape in the query', async () => {
    const r = await t.request('/hotels/search?destination=%E0%A4%A');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('the query string has a malformed percent-escape in "destination=%E0%A4%A"');
  });
});
