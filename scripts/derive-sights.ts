// Derives src/places/data/sights.json: famous sights, protected natural areas and tourist regions
// a traveller may look for hotels near ("Machu Picchu", "Angkor", "Amalfi Coast", "Cinque Terre",
// "Lake District", "Kruger National Park", "Cotswolds"), in the compact format of areas.json (same
// keys, read by the same loader), each with its kind, its countries, a centre and a box.
//
// Sources (each read from a copy of the public repository's file, at the commit given):
//   - The UNESCO World Heritage List as exported by whc.unesco.org ("whc-sites-2021", 1,155 sites
//     inscribed up to 2021: id, English and French names, category, ISO codes of the States
//     Parties, transboundary flag, point, area in hectares), as kept by
//     github.com/Youselouard/DataProductsWeek2, whc-sites-2021.csv
//     (commit 51c77b07570c1bf4dea51718422d8683e223380a; the file is that of e05ef79d…).
//   - The same list as of 2023 (UNESCO's whc_en.xml syndication, 1,199 sites, no areas) joined by
//     site id to the Wikidata item carrying that World Heritage id (P757, CC0), as kept by
//     github.com/emilyalcu/enriching-unesco-world-heritage-list-with-wikidata (MIT),
//     unesco_enriched_cleaned_all.csv (commit a8f001f4f43e3c534857c16258784f623c9b8bc7): the
//     Wikidata Q-ids ("w") and the 45 sites inscribed in 2022-2023 (boxed without an area).
//   - TABLE below: tourist regions that no open dataset found here outlines (Cotswolds, Costa del
//     Sol, Riviera Maya, ...), a few national parks outside the World Heritage List (Kruger,
//     Banff, ...) and two famous single buildings of serial sites (Sagrada Família, Forbidden
//     City). Written by hand from the coordinates and extents of the places' Wikipedia/Wikidata
//     articles (facts), rounded to ~0.05°: approximate by design. Flagged "src":"table".
// UNESCO's list is published for reuse with attribution (whc.unesco.org); only facts are kept
// (names, category, countries, points, areas), no descriptions.
//
// Rules:
//   - Kinds (KINDS): sight (a monument, building, archaeological site, historic town), park (a
//     national park or other protected natural area), region (a named tourist region, coast,
//     valley or cultural landscape that is not an administrative unit).
//   - UNESCO Natural and Mixed sites are parks; Cultural sites are sights, except those larger
//     than SIGHT_MAX_KM2 whose name says landscape, valley, coast, region... (REGION_WORDS): regions.
//     NAMES moves a few by hand (Machu Picchu, a Mixed site, is a sight; the Dolomites a region).
//   - Boxes, all squares around UNESCO's point ("p":1), of the site's listed surface:
//     sight: side sqrt(km²) + 2 km, between SIGHT_MIN_KM and SIGHT_MAX_KM (a monument of a few
//     hectares gets ~2 km, an archaeological park such as Angkor or Petra up to 20 km, so the
//     town beside it is in); SIGHT_DEFAULT_KM when UNESCO gives no area (or 0).
//     park: side sqrt(km²), at least PARK_MIN_KM; PARK_DEFAULT_KM without an area.
//     region: side sqrt(km²), at least REGION_MIN_KM; REGION_DEFAULT_KM without an area.
//     Left out: squares over MAX_SIDE_KM (vast marine reserves: Phoenix Islands,
//     Papahānaumokuākea). TABLE entries give their own box (no "p"); an entry replacing a UNESCO
//     site (replaces) takes its place and its Q-id, its box being better than a square.
//   - Left out as not one place to stay near: serial sites whose parts lie far apart
//     (SERIAL_NAMES: routes, frontiers, "Jesuit Missions", "Belfries", ...), and transboundary
//     cultural sites unless kept (TRANSBOUNDARY_KEPT: Rome, Curonian Spit, ...); transboundary
//     natural sites are one protected area across a border and are kept, except SERIAL_NAMES.
//     Serial sites that UNESCO pins on one part are kept at that part under a name saying so
//     where needed (NAMES); "Historic Centre of X" sites are kept although a city X exists in
//     the service (the entry is the old town, its box smaller than the city's).
//   - Names: UNESCO's English name, HTML removed; NAMES gives the name travellers use for famous
//     sites, the official name kept as an alias; a leading "The" and a trailing "(…)" are
//     dropped into aliases; the French name is an alias in French-speaking countries. Aliases
//     that fold (src/text/fold.ts) to the name or to another alias are dropped, as in areas.json
//     ("Sagrada Familia" is found by "Sagrada Família").
//   - Countries: UNESCO's ISO codes, upper case, in its order ([] where it gives none: the Old
//     City of Jerusalem).
//   - Wikidata (w): the item whose World Heritage id (P757) is the site's, when its label shares
//     at least half its significant words with UNESCO's name or the name given here (else the
//     match may be a part of the site, or wrong: left out, although many of those are right under
//     another name, "Skellig Michael" for "Sceilg Mhichíl").
//
// Rerun (no network):
//   1. fetch github:Youselouard/DataProductsWeek2 ($A) and
//      github:emilyalcu/enriching-unesco-world-heritage-list-with-wikidata ($B), then
//        git -C $A show 51c77b07570c1bf4dea51718422d8683e223380a:whc-sites-2021.csv > /tmp/sights/whc-sites-2021.csv
//        git -C $B show a8f001f4f43e3c534857c16258784f623c9b8bc7:unesco_enriched_cleaned_all.csv \
//          > /tmp/sights/unesco_enriched_cleaned_all.csv
//   2. npx tsx scripts/derive-sights.ts /tmp/sights/whc-sites-2021.csv /tmp/sights/unesco_enriched_cleaned_all.csv
//      (VERBOSE=1: also what is left out, and why). The output is deterministic.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldText, foldWords } from '../src/text/fold.js';
import { areaFileText, squareBox } from './area-file.js';
import { csvRecords } from './csv.js';

const OUTPUT = fileURLToPath(new URL('../src/places/data/sights.json', import.meta.url));
const VERBOSE = process.env.VERBOSE === '1';

const inputs = process.argv.slice(2);
const fileNamed = (name: string) => inputs.find((f) => basename(f) === name);
const WHC_FILE = fileNamed('whc-sites-2021.csv');
const WIKIDATA_FILE = fileNamed('unesco_enriched_cleaned_all.csv');
if (!WHC_FILE || !WIKIDATA_FILE) {
  console.error('usage: npx tsx scripts/derive-sights.ts <whc-sites-2021.csv> <unesco_enriched_cleaned_all.csv> (see the header)');
  process.exit(2);
}

const KINDS = {
  sight: 'a monument, building, archaeological site or historic town, the box a square around it',
  park: 'a national park or other protected natural area',
  region: 'a named tourist region, coast, valley or cultural landscape that is not an administrative unit',
} as const;
type Kind = keyof typeof KINDS;

const SIGHT_MIN_KM = 2;
const SIGHT_MAX_KM = 20;
const SIGHT_DEFAULT_KM = 4;
/** A cultural site larger than this (a 6 km square) may be a region (REGION_WORDS). */
const SIGHT_MAX_KM2 = 36;
const PARK_MIN_KM = 10;
const PARK_DEFAULT_KM = 40;
const REGION_MIN_KM = 10;
const REGION_DEFAULT_KM = 30;
const MAX_SIDE_KM = 600;

const REGION_WORDS =
  /\b(landscapes?|valley|coast|costiera|region|vineyards?|wine|terraces|islands?|archipelago|fjords?|delta|lagoon|lakes?|hills|karst|bay|river|plain|forests?|desert|oasis|routes?)\b/i;

/** Serial sites whose parts lie far apart: not one place to look for hotels in. */
const SERIAL_NAMES =
  /^(the )?(frontiers of|routes? of|camino|struve|jesuit missions|wooden|painted churches|churches of moldavia|fortifications of vauban|belfries|prehistoric pile|ancient and primeval|silk roads|great spa towns|qhapaq|decorated farmhouses|stećci|venetian works|sites of japan|hidden christian|aflaj|incense route|colonies of benevolence|sacri monti|architectural work of le corbusier|the architectural work|rock art of the|medieval monuments in kosovo|baroque churches|mudejar|rhaetian railway|stone circles|funerary and memory|the persian caravanserai|western tien-shan|wadden sea|cold winter deserts|sacred sites and pilgrimage|viking-age ring|mountain railways|evaporitic karst|gaya tumuli|seowon|sansa)/i;

/** Transboundary cultural sites that are one place. */
const TRANSBOUNDARY_KEPT = new Set(['91', '772', '994', '1127', '99']);

/** French names are aliases in these countries. */
const FRENCH_SPEAKING = new Set(['fr', 'be', 'ch', 'lu', 'mc', 'sn', 'ci', 'ml', 'bf', 'ne', 'tg', 'bj', 'ga', 'cg', 'cd', 'cm', 'mg', 'ht', 'dz', 'ma', 'tn', 'mu', 'gn', 'cf', 'td', 'km', 'sc', 'vu', 'rw', 'bi', 'dj', 'ca']);

/** By UNESCO site id: the name travellers use, more aliases, a kind other than the rule's. */
const NAMES: Record<string, { n?: string; a?: string[]; k?: Kind }> = {
  '274': { n: 'Machu Picchu', a: ['Machu Pikchu'], k: 'sight' },
  '668': { a: ['Angkor Wat', 'Angkor Thom', 'Angkor Archaeological Park'] },
  '86': { n: 'Pyramids of Giza', a: ['Giza Pyramids', 'Giza Necropolis', 'Great Pyramid of Giza', 'Saqqara', 'Dahshur'] },
  '87': { n: 'Ancient Thebes', a: ['Valley of the Kings', 'Karnak', 'Luxor Temple'] },
  '88': { n: 'Abu Simbel', a: ['Abu Simbel Temples'] },
  '314': { n: 'Alhambra', a: ['Generalife', 'Albaicín', 'Albayzín'] },
  '320': { a: ['Park Güell', 'Parc Güell'] },
  '438': { n: 'Great Wall of China', a: ['Great Wall', 'Mutianyu'] },
  '439': { a: ['Mukden Palace', 'Shenyang Imperial Palace'] },
  '441': { n: 'Terracotta Army', a: ['Terracotta Warriors', 'Mausoleum of Qin Shi Huang'] },
  '707': { n: 'Potala Palace' },
  '880': { n: 'Summer Palace' },
  '881': { n: 'Temple of Heaven' },
  '395': { n: 'Leaning Tower of Pisa', a: ['Piazza dei Miracoli', 'Tower of Pisa'] },
  '829': { n: 'Pompeii', a: ['Pompei', 'Herculaneum', 'Ercolano Scavi'] },
  '91': { n: 'Historic Centre of Rome', a: ['Vatican extraterritorial properties'] },
  '83': { n: 'Palace of Versailles', a: ['Château de Versailles'] },
  '80': { n: 'Mont-Saint-Michel' },
  '344': { n: 'Pont du Gard' },
  '345': { a: ['Cité de Carcassonne'] },
  '1418': { n: 'Mount Fuji', a: ['Fujisan', 'Fuji-san', 'Mt Fuji'], k: 'sight' },
  '661': { n: 'Himeji Castle', a: ['Himeji-jo'] },
  '776': { n: 'Itsukushima Shrine', a: ['Miyajima'] },
  '373': { n: 'Stonehenge', a: ['Avebury'] },
  '426': { n: 'Westminster Abbey', a: ['Palace of Westminster', 'Houses of Parliament', 'Big Ben'] },
  '1084': { n: 'Kew Gardens' },
  '369': { n: "Giant's Causeway" },
  '545': { n: 'Kremlin and Red Square', a: ['Moscow Kremlin', 'Red Square'] },
  '31': { n: 'Auschwitz-Birkenau', a: ['Auschwitz', 'Auschwitz Birkenau German Nazi Concentration and Extermination Camp (1940-1945)'] },
  '32': { n: 'Wieliczka Salt Mine', a: ['Bochnia Salt Mine'] },
  '786': { n: 'Schönbrunn Palace', a: ['Schloss Schönbrunn'] },
  '806': { n: 'Hallstatt-Dachstein / Salzkammergut', a: ['Salzkammergut', 'Hallstatt-Dachstein'], k: 'region' },
  '970': { n: 'Wachau', a: ['Wachau Valley'], k: 'region' },
  '1066': { n: 'Upper Middle Rhine Valley', a: ['Rhine Gorge', 'Oberes Mittelrheintal'], k: 'region' },
  '1046': { n: 'Douro Valley', a: ['Alto Douro', 'Alto Douro Wine Region'], k: 'region' },
  '357': { n: 'Cappadocia', a: ['Göreme National Park', 'Göreme', 'Kapadokya'], k: 'region' },
  '485': { n: 'Pamukkale', a: ['Hierapolis', 'Hierapolis-Pamukkale'], k: 'sight' },
  '592': { n: 'Borobudur', a: ['Candi Borobudur'] },
  '642': { n: 'Prambanan', a: ['Candi Prambanan'] },
  '483': { n: 'Chichen Itza', a: ['Chichén Itzá'] },
  '414': { n: 'Teotihuacan', a: ['Teotihuacán', 'Pyramids of Teotihuacan'] },
  '791': { n: 'Uxmal' },
  '64': { a: ['Tikal'], k: 'sight' },
  '715': { n: 'Easter Island', a: ['Rapa Nui National Park', 'Rapa Nui', 'Isla de Pascua'], k: 'region' },
  '18': { a: ['Rock-Hewn Churches of Lalibela', 'Lalibela Churches'] },
  '231': { n: 'Red Fort', a: ['Lal Qila'] },
  '233': { n: 'Qutub Minar', a: ['Qutb Minar'] },
  '241': { n: 'Hampi', a: ['Hampi Monuments'] },
  '202': { n: 'Sigiriya', a: ['Sigiriya Rock', 'Lion Rock'] },
  '672': { n: 'Ha Long Bay', a: ['Halong Bay', 'Hạ Long Bay', 'Vịnh Hạ Long'] },
  '98': { a: ['Plitvice Lakes', 'Plitvice', 'Plitvička jezera'] },
  '1037': { n: 'Jungfrau-Aletsch', a: ['Jungfrau', 'Aletsch Glacier'] },
  '1195': { n: 'Geirangerfjord and Nærøyfjord', a: ['Geirangerfjord', 'Nærøyfjord', 'Norwegian Fjords'] },
  '156': { a: ['Serengeti'] },
  '39': { a: ['Ngorongoro Crater', 'Ngorongoro'] },
  '403': { a: ['Mount Kilimanjaro', 'Kilimanjaro'] },
  '630': { n: "K'gari (Fraser Island)", a: ['Fraser Island', "K'gari"] },
  '486': { a: ['Daintree', 'Daintree Rainforest'] },
  '551': { a: ['Fiordland'] },
  '120': { a: ['Everest National Park', 'Mount Everest National Park'] },
  '509': { n: 'Victoria Falls', a: ['Mosi-oa-Tunya'] },
  '1432': { a: ['Okavango'] },
  '304': { a: ['Canadian Rockies'] },
  '154': { a: ['GBR'] },
  '1': { a: ['Galapagos', 'Islas Galápagos'] },
  '455': { a: ['Meteora Monasteries'] },
  '393': { a: ['Delphi', 'Ancient Delphi'] },
  '517': { a: ['Ancient Olympia'] },
  '1018': { a: ['Ancient Ephesus', 'Efes'] },
  '326': { a: ['Petra Archaeological Park'] },
  '1588': { a: ['Bagan Archaeological Zone', 'Pagan'] },
  '1007': { a: ['Cape Floral Kingdom'] },
  '1029': { n: 'Jurassic Coast', a: ['Dorset and East Devon Coast'] },
  '1465': { n: 'Champagne Hillsides, Houses and Cellars', a: ['Champagne vineyards'] },
  '932': { n: 'Saint-Émilion', a: ['Jurisdiction of Saint-Emilion', 'Saint-Emilion vineyards'] },
  '1377': { n: 'Wadi Rum', a: ['Wadi Rum Protected Area'] },
  '1060': { a: ['Lake Nakuru', 'Lake Bogoria', 'Lake Elementaita'] },
};

/**
 * Places no dataset found here gives. box [south, west, north, east] from the extent of each
 * place's Wikipedia article (map and coordinates; en.wikipedia unless said), rounded outwards to
 * ~0.05°. replaces: the UNESCO site id whose entry this one takes the place of.
 */
interface TableEntry {
  n: string;
  a: string[];
  k: Kind;
  c: string[];
  bb: [number, number, number, number];
  replaces?: string;
}
const TABLE: TableEntry[] = [
  // Regions (coasts, valleys, wine and holiday regions)
  // Cotswolds: the Cotswolds National Landscape (AONB), Chipping Campden to Bath.
  { n: 'Cotswolds', a: ['The Cotswolds', 'Cotswold Hills'], k: 'region', c: ['GB'], bb: [51.35, -2.45, 52.15, -1.45] },
  // Costa del Sol: Málaga province coast, Manilva to Nerja.
  { n: 'Costa del Sol', a: [], k: 'region', c: ['ES'], bb: [36.3, -5.35, 36.8, -3.75] },
  // Costa Brava: Blanes to Portbou (Girona coast).
  { n: 'Costa Brava', a: [], k: 'region', c: ['ES'], bb: [41.65, 2.75, 42.45, 3.35] },
  // Costa Blanca: Alicante province coast, Dénia to Pilar de la Horadada.
  { n: 'Costa Blanca', a: [], k: 'region', c: ['ES'], bb: [37.85, -0.8, 38.85, 0.25] },
  // Costa de la Luz: Atlantic coast of Cádiz and Huelva, Ayamonte to Tarifa.
  { n: 'Costa de la Luz', a: [], k: 'region', c: ['ES'], bb: [36.0, -7.45, 37.25, -5.6] },
  // Algarve: southern coast of Portugal, Sagres to Vila Real de Santo António.
  { n: 'Algarve', a: [], k: 'region', c: ['PT'], bb: [36.95, -9.0, 37.55, -7.4] },
  // Amalfi Coast: Positano to Vietri sul Mare (UNESCO's square around Amalfi misses Positano).
  { n: 'Amalfi Coast', a: ['Costiera Amalfitana'], k: 'region', c: ['IT'], bb: [40.55, 14.45, 40.7, 14.77], replaces: '830' },
  // Cinque Terre: Monterosso al Mare to Riomaggiore, with Portovenere (UNESCO site 826).
  { n: 'Cinque Terre', a: ['Portovenere, Cinque Terre, and the Islands', 'Porto Venere', 'Monterosso al Mare', 'Vernazza', 'Manarola', 'Riomaggiore'], k: 'region', c: ['IT'], bb: [44.05, 9.58, 44.17, 9.86], replaces: '826' },
  // Italian Riviera: the Ligurian coast, Ventimiglia to La Spezia.
  { n: 'Italian Riviera', a: ['Riviera Ligure', 'Ligurian Riviera'], k: 'region', c: ['IT'], bb: [43.75, 7.5, 44.45, 10.05] },
  // Chianti: between Florence and Siena.
  { n: 'Chianti', a: ['Chianti Region', 'Chianti Classico'], k: 'region', c: ['IT'], bb: [43.35, 11.1, 43.75, 11.5] },
  // Dolomites: the range, Val di Fassa to Sesto/Cortina (UNESCO's square is one part).
  { n: 'Dolomites', a: ['The Dolomites', 'Dolomiti', 'Dolomiten'], k: 'region', c: ['IT'], bb: [46.15, 10.9, 46.85, 12.55], replaces: '1237' },
  // French Riviera: Côte d'Azur, Saint-Tropez/Hyères to Menton.
  { n: 'French Riviera', a: ["Côte d'Azur", 'Cote dAzur', 'Riviera française'], k: 'region', c: ['FR'], bb: [43.05, 6.1, 43.8, 7.55] },
  // Loire Valley: UNESCO's property, Sully-sur-Loire to Chalonnes-sur-Loire.
  { n: 'Loire Valley', a: ['The Loire Valley between Sully-sur-Loire and Chalonnes', 'Val de Loire', 'Vallée de la Loire'], k: 'region', c: ['FR'], bb: [47.05, -0.8, 47.9, 2.45], replaces: '933' },
  // Lake District: the national park (UNESCO's "The English Lake District").
  { n: 'Lake District', a: ['The English Lake District', 'English Lake District', 'Lake District National Park'], k: 'region', c: ['GB'], bb: [54.2, -3.55, 54.8, -2.65], replaces: '422' },
  // Scottish Highlands: the mainland north and west of the Highland Boundary Fault.
  { n: 'Scottish Highlands', a: ['Highlands of Scotland', 'The Highlands'], k: 'region', c: ['GB'], bb: [56.1, -6.3, 58.7, -2.7] },
  // Isle of Skye.
  { n: 'Isle of Skye', a: ['Skye', 'An t-Eilean Sgitheanach'], k: 'region', c: ['GB'], bb: [57.0, -6.8, 57.72, -5.65] },
  // Black Forest: Schwarzwald, Pforzheim/Karlsruhe to Basel/Waldshut.
  { n: 'Black Forest', a: ['Schwarzwald'], k: 'region', c: ['DE'], bb: [47.55, 7.6, 48.95, 8.75] },
  // Bernese Oberland: Thun/Interlaken to Grindelwald and Gstaad.
  { n: 'Bernese Oberland', a: ['Berner Oberland', 'Jungfrau Region'], k: 'region', c: ['CH'], bb: [46.35, 7.2, 46.8, 8.45] },
  // Lake Bled: the lake and the town of Bled.
  { n: 'Lake Bled', a: ['Blejsko jezero'], k: 'region', c: ['SI'], bb: [46.34, 14.06, 46.39, 14.14] },
  // Koh Samui.
  { n: 'Koh Samui', a: ['Ko Samui', 'Samui'], k: 'region', c: ['TH'], bb: [9.4, 99.9, 9.6, 100.1] },
  // Riviera Maya: Puerto Morelos to Tulum.
  { n: 'Riviera Maya', a: ['Mayan Riviera'], k: 'region', c: ['MX'], bb: [20.1, -87.6, 20.95, -86.8] },
  // Big Sur: Carmel Highlands to San Carpóforo Creek.
  { n: 'Big Sur', a: [], k: 'region', c: ['US'], bb: [35.75, -121.95, 36.5, -121.3] },
  // Napa Valley.
  { n: 'Napa Valley', a: [], k: 'region', c: ['US'], bb: [38.2, -122.55, 38.7, -122.25] },
  // Sonoma Valley.
  { n: 'Sonoma Valley', a: [], k: 'region', c: ['US'], bb: [38.22, -122.62, 38.47, -122.4] },
  // Florida Keys: Key Largo to Key West.
  { n: 'Florida Keys', a: ['The Keys'], k: 'region', c: ['US'], bb: [24.5, -81.85, 25.35, -80.25] },
  // Outer Banks: Corolla to Ocracoke.
  { n: 'Outer Banks', a: ['OBX'], k: 'region', c: ['US'], bb: [34.95, -76.05, 36.55, -75.4] },
  // The Hamptons: Westhampton to Montauk.
  { n: 'The Hamptons', a: ['Hamptons'], k: 'region', c: ['US'], bb: [40.8, -72.7, 41.1, -71.85] },
  // Finger Lakes.
  { n: 'Finger Lakes', a: [], k: 'region', c: ['US'], bb: [42.2, -77.8, 43.1, -76.2] },
  // Pocono Mountains.
  { n: 'Poconos', a: ['Pocono Mountains', 'The Poconos'], k: 'region', c: ['US'], bb: [40.8, -75.8, 41.5, -74.9] },
  // The Berkshires.
  { n: 'Berkshires', a: ['The Berkshires'], k: 'region', c: ['US'], bb: [42.0, -73.5, 42.75, -73.0] },
  // Texas Hill Country.
  { n: 'Texas Hill Country', a: ['Hill Country'], k: 'region', c: ['US'], bb: [29.6, -100.3, 30.9, -97.8] },
  // Great Ocean Road: Torquay to Allansford.
  { n: 'Great Ocean Road', a: [], k: 'region', c: ['AU'], bb: [-38.9, 142.3, -38.2, 144.4] },
  // Hunter Valley (wine region).
  { n: 'Hunter Valley', a: [], k: 'region', c: ['AU'], bb: [-33.0, 150.9, -32.55, 151.5] },
  // Barossa Valley.
  { n: 'Barossa Valley', a: ['Barossa'], k: 'region', c: ['AU'], bb: [-34.7, 138.85, -34.4, 139.15] },
  // Garden Route: Mossel Bay to Storms River.
  { n: 'Garden Route', a: [], k: 'region', c: ['ZA'], bb: [-34.2, 21.9, -33.8, 24.0] },
  // Cape Winelands: Stellenbosch, Franschhoek, Paarl.
  { n: 'Cape Winelands', a: ['Winelands'], k: 'region', c: ['ZA'], bb: [-34.05, 18.75, -33.5, 19.5] },
  // Sacred Valley of the Incas: Pisac to Ollantaytambo.
  { n: 'Sacred Valley', a: ['Sacred Valley of the Incas', 'Valle Sagrado', 'Urubamba Valley'], k: 'region', c: ['PE'], bb: [-13.45, -72.3, -13.2, -71.8] },
  // Parks outside the World Heritage List
  // Kruger National Park.
  { n: 'Kruger National Park', a: ['Kruger', 'Kruger Park', 'Krugerwildtuin'], k: 'park', c: ['ZA'], bb: [-25.55, 30.88, -22.32, 32.05] },
  // Banff National Park (part of UNESCO's Canadian Rocky Mountain Parks).
  { n: 'Banff National Park', a: ['Banff', 'Banff NP'], k: 'park', c: ['CA'], bb: [50.7, -116.6, 52.2, -115.4] },
  // Jasper National Park (likewise).
  { n: 'Jasper National Park', a: ['Jasper', 'Jasper NP'], k: 'park', c: ['CA'], bb: [52.1, -119.0, 53.45, -117.0] },
  // Maasai Mara National Reserve.
  { n: 'Maasai Mara', a: ['Masai Mara', 'Maasai Mara National Reserve'], k: 'park', c: ['KE'], bb: [-1.75, 34.85, -1.25, 35.45] },
  // Etosha National Park.
  { n: 'Etosha National Park', a: ['Etosha'], k: 'park', c: ['NA'], bb: [-19.5, 14.3, -18.45, 17.15] },
  // Torres del Paine National Park.
  { n: 'Torres del Paine National Park', a: ['Torres del Paine', 'Parque Nacional Torres del Paine'], k: 'park', c: ['CL'], bb: [-51.4, -73.3, -50.7, -72.55] },
  // Peak District National Park.
  { n: 'Peak District', a: ['Peak District National Park'], k: 'park', c: ['GB'], bb: [53.05, -2.05, 53.6, -1.55] },
  // Eryri / Snowdonia National Park.
  { n: 'Snowdonia', a: ['Eryri', 'Snowdonia National Park', 'Eryri National Park'], k: 'park', c: ['GB'], bb: [52.55, -4.25, 53.25, -3.55] },
  // Yorkshire Dales National Park.
  { n: 'Yorkshire Dales', a: ['Yorkshire Dales National Park', 'The Dales'], k: 'park', c: ['GB'], bb: [54.0, -2.65, 54.5, -1.8] },
  // Cairngorms National Park.
  { n: 'Cairngorms National Park', a: ['Cairngorms', 'The Cairngorms'], k: 'park', c: ['GB'], bb: [56.75, -4.3, 57.4, -2.9] },
  // Loch Lomond and The Trossachs National Park.
  { n: 'Loch Lomond and The Trossachs National Park', a: ['Trossachs', 'The Trossachs', 'Loch Lomond National Park'], k: 'park', c: ['GB'], bb: [56.0, -5.05, 56.45, -4.15] },
  // Sights: famous single buildings of serial sites UNESCO pins elsewhere
  // Sagrada Família (41.4036, 2.1744), of UNESCO's "Works of Antoni Gaudí" (pinned on Park Güell).
  { n: 'Sagrada Família', a: ['Basílica de la Sagrada Família', 'Templo Expiatorio de la Sagrada Familia', 'Sagrada Familia Basilica'], k: 'sight', c: ['ES'], bb: [41.386, 2.151, 41.422, 2.198] },
  // Forbidden City (39.9163, 116.3972), of UNESCO's "Imperial Palaces … in Beijing and Shenyang" (pinned on Shenyang).
  { n: 'Forbidden City', a: ['Palace Museum', 'Gugong', 'Zijincheng'], k: 'sight', c: ['CN'], bb: [39.898, 116.374, 39.935, 116.421] },
];

// ---------------------------------------------------------------------------------------------
// Reading the sources

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", nbsp: ' ', lt: '<', gt: '>', rsquo: '’', lsquo: '‘', ndash: '–', mdash: '—' };
/** UNESCO's names carry a little HTML ("<em>Neustadt</em>", "&eacute;"). */
function cleanText(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&([a-z]+);/gi, (m, name: string) => {
      if (ENTITIES[name]) return ENTITIES[name];
      const accent = /^([a-z])(acute|grave|circ|uml|tilde|cedil|ring)$/i.exec(name);
      if (!accent) return m;
      const mark = { acute: '\u0301', grave: '\u0300', circ: '\u0302', uml: '\u0308', tilde: '\u0303', cedil: '\u0327', ring: '\u030a' }[accent[2]]!;
      return (accent[1] + mark).normalize('NFC');
    })
    .replace(/\s+/g, ' ')
    .trim();
}

interface Site {
  id: string;
  name: string;
  nameFr: string;
  category: 'Cultural' | 'Natural' | 'Mixed';
  iso: string[];
  transboundary: boolean;
  lat: number;
  lng: number;
  /** km², undefined when not given or 0. */
  km2?: number;
  qid?: string;
}

const whcRows = csvRecords(readFileSync(WHC_FILE, 'utf8'));
const wikiRows = csvRecords(readFileSync(WIKIDATA_FILE, 'utf8'));
const wikiById = new Map(wikiRows.map((r) => [r['id_number 1'].trim(), r]));

const STOP_WORDS = new Set(['the', 'of', 'and', 'in', 'its', 'de', 'la', 'du', 'le', 'des', 'a', 'at', 'with', 'site', 'sites', 'world', 'heritage']);
const significant = (text: string) => new Set(foldWords(text).filter((w) => !STOP_WORDS.has(w)));
/** The Wikidata item is the site itself when its label shares half the site's significant words (or the other way round). */
function sameThing(unescoName: string, label: string): boolean {
  const a = significant(unescoName);
  const b = significant(label);
  if (a.size === 0 || b.size === 0) return false;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.min(a.size, b.size) >= 0.5;
}
function qidOf(id: string, unescoName: string): string | undefined {
  const row = wikiById.get(id);
  const m = row && /\/(Q\d+)$/.exec(row.wikidata_URI.trim());
  if (!row || !m) return undefined;
  const ourNames = [unescoName, NAMES[id]?.n, TABLE.find((t) => t.replaces === id)?.n].filter((x): x is string => !!x);
  if (!ourNames.some((name) => sameThing(name, row.wikidata_Label))) {
    if (VERBOSE) console.log(`no w for ${id} ${unescoName}: Wikidata says ${m[1]} "${row.wikidata_Label}"`);
    return undefined;
  }
  return m[1];
}

const sites: Site[] = [];
for (const r of whcRows) {
  const id = r.id_no.trim();
  const name = cleanText(r.name_en);
  const km2 = Number(r.area_hectares) > 0 ? Number(r.area_hectares) / 100 : undefined;
  sites.push({
    id,
    name,
    nameFr: cleanText(r.name_fr),
    category: r.category as Site['category'],
    iso: r.iso_code.split(',').map((c) => c.trim()).filter(Boolean),
    transboundary: r.transboundary.trim() === '1',
    lat: Number(r.latitude),
    lng: Number(r.longitude),
    km2,
    qid: qidOf(id, name),
  });
}
const known = new Set(sites.map((s) => s.id));
for (const r of wikiRows) {
  const id = r['id_number 1'].trim();
  if (known.has(id) || !r.site || !r.latitude) continue;
  const name = cleanText(r.site);
  sites.push({
    id,
    name,
    nameFr: '',
    category: r.category as Site['category'],
    iso: r.iso_code.split(',').map((c) => c.trim()).filter(Boolean),
    transboundary: r.transboundary.trim() === '1',
    lat: Number(r.latitude),
    lng: Number(r.longitude),
    qid: qidOf(id, name),
  });
}

// ---------------------------------------------------------------------------------------------
// Entries

interface Entry {
  name: string;
  aliases: string[];
  kind: Kind;
  countries: string[];
  centre: [number, number]; // [lat, lng]
  box: [number, number, number, number];
  point: boolean;
  qid?: string;
  table: boolean;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(Math.max(x, lo), hi);

function kindOf(s: Site): Kind {
  const forced = NAMES[s.id]?.k;
  if (forced) return forced;
  if (s.category !== 'Cultural') return 'park';
  if (s.km2 !== undefined && s.km2 > SIGHT_MAX_KM2 && REGION_WORDS.test(s.name)) return 'region';
  return 'sight';
}
function sideOf(kind: Kind, km2: number | undefined): number {
  if (kind === 'sight') return km2 === undefined ? SIGHT_DEFAULT_KM : clamp(Math.sqrt(km2) + 2, SIGHT_MIN_KM, SIGHT_MAX_KM);
  if (kind === 'park') return km2 === undefined ? PARK_DEFAULT_KM : Math.max(Math.sqrt(km2), PARK_MIN_KM);
  return km2 === undefined ? REGION_DEFAULT_KM : Math.max(Math.sqrt(km2), REGION_MIN_KM);
}
function namesOf(s: Site): { name: string; aliases: string[] } {
  const given = NAMES[s.id];
  let name = given?.n ?? s.name;
  const aliases: string[] = [...(given?.a ?? [])];
  if (name !== s.name) aliases.push(s.name);
  const paren = /^(.*\S)\s*\([^()]*\)$/.exec(name);
  if (paren && !given?.n) {
    aliases.push(name);
    name = paren[1];
  }
  if (/^The /.test(name) && !given?.n) {
    aliases.push(name);
    name = name.slice(4);
  }
  if (s.nameFr && s.iso.some((c) => FRENCH_SPEAKING.has(c))) aliases.push(s.nameFr);
  return { name, aliases };
}

const replaced = new Map(TABLE.filter((t) => t.replaces).map((t) => [t.replaces!, t]));
const entries: Entry[] = [];
const leftOut: string[] = [];
for (const s of sites) {
  if (!Number.isFinite(s.lat) || !Number.isFinite(s.lng)) {
    leftOut.push(`${s.id} ${s.name}: no point`);
    continue;
  }
  if (SERIAL_NAMES.test(s.name)) {
    leftOut.push(`${s.id} ${s.name}: serial, parts far apart`);
    continue;
  }
  if (s.transboundary && s.category === 'Cultural' && !TRANSBOUNDARY_KEPT.has(s.id)) {
    leftOut.push(`${s.id} ${s.name}: transboundary cultural site`);
    continue;
  }
  const table = replaced.get(s.id);
  if (table) {
    const [so, w, n, e] = table.bb;
    entries.push({ name: table.n, aliases: table.a, kind: table.k, countries: table.c, centre: [(so + n) / 2, (w + e) / 2], box: table.bb, point: false, qid: s.qid, table: true });
    continue;
  }
  const kind = kindOf(s);
  const side = sideOf(kind, s.km2);
  if (side > MAX_SIDE_KM) {
    leftOut.push(`${s.id} ${s.name}: ${Math.round(side)} km across`);
    continue;
  }
  const { name, aliases } = namesOf(s);
  entries.push({
    name,
    aliases,
    kind,
    countries: s.iso.map((c) => c.toUpperCase()),
    centre: [s.lat, s.lng],
    box: squareBox(s.lat, s.lng, side),
    point: true,
    qid: s.qid,
    table: false,
  });
}
for (const t of TABLE) {
  if (t.replaces) continue;
  const [so, w, n, e] = t.bb;
  entries.push({ name: t.n, aliases: t.a, kind: t.k, countries: t.c, centre: [(so + n) / 2, (w + e) / 2], box: t.bb, point: false, table: true });
}

// A name that is another entry's name or alias: a table entry wins, else both are kept (they are
// different places of the same name, such as two national parks), reported.
const byName = new Map<string, Entry[]>();
for (const e of entries) {
  const key = foldText(e.name);
  byName.set(key, [...(byName.get(key) ?? []), e]);
}
for (const [key, list] of byName) if (list.length > 1 && VERBOSE) console.log(`same name twice: ${key} (${list.map((e) => e.countries.join('/')).join(', ')})`);

// ---------------------------------------------------------------------------------------------
// Output

const about =
  `Famous sights, protected natural areas and tourist regions a traveller may look for hotels near, from the UNESCO World Heritage List (whc.unesco.org; Wikidata ids CC0) and a short reviewed table, made by scripts/derive-sights.ts (rules there). ` +
  `Same format as areas.json: n name (the name travellers use, English where there is one), a aliases (official and local names, other spellings), k kind, c countries (ISO 3166-1 alpha-2 codes of UNESCO's States Parties, in its order; [] where it gives none), ` +
  `ll centre [lat, lng], bb box [south, west, north, east], p 1 when the box is a square drawn around UNESCO's point (sight: side sqrt(km²)+2 km of the listed surface, ${SIGHT_MIN_KM}-${SIGHT_MAX_KM} km, ${SIGHT_DEFAULT_KM} km without one; park: sqrt(km²), at least ${PARK_MIN_KM} km, ${PARK_DEFAULT_KM} km without one; region: sqrt(km²), at least ${REGION_MIN_KM} km, ${REGION_DEFAULT_KM} km without one), ` +
  `w the Wikidata item of the site, src "table" for entries from the script's reviewed table (regions no open dataset outlines, parks outside the World Heritage List, famous parts of serial sites; boxes from their Wikipedia extents, approximate). ` +
  `Kinds: ${Object.entries(KINDS)
    .map(([k, d]) => `${k} (${d})`)
    .join(', ')}. ` +
  `Left out: serial World Heritage sites whose parts lie far apart (routes, frontiers, series of churches or missions), transboundary cultural sites but a few that are one place, sites whose square would be more than ${MAX_SIDE_KM} km across. ` +
  `Some entries share a name with a city, island, lake or park of the service's other data ("Historic Centre of Rome", "Venice and its Lagoon", "Yosemite National Park"): the entry is the listed site.`;

const json = areaFileText(
  about,
  [
    {
      what: 'UNESCO World Heritage List 2021 (whc-sites-2021: names, category, countries, points, areas)',
      repository: 'Youselouard/DataProductsWeek2',
      path: 'whc-sites-2021.csv',
      commit: '51c77b07570c1bf4dea51718422d8683e223380a',
    },
    {
      what: 'UNESCO World Heritage List 2023 (whc_en.xml) joined to Wikidata P757: Q-ids, sites of 2022-2023',
      repository: 'emilyalcu/enriching-unesco-world-heritage-list-with-wikidata',
      path: 'unesco_enriched_cleaned_all.csv',
      commit: 'a8f001f4f43e3c534857c16258784f623c9b8bc7',
    },
    {
      what: 'tourist regions, parks outside the list, famous parts of serial sites (reviewed table, Wikipedia extents)',
      repository: 'this repository',
      path: 'scripts/derive-sights.ts',
      commit: '',
    },
  ],
  entries.map((e) => ({ ...e, lat: e.centre[0], lng: e.centre[1], extra: { w: e.qid, src: e.table ? 'table' : undefined } })),
);

writeFileSync(OUTPUT, json);

if (VERBOSE) for (const l of leftOut) console.log(`left out: ${l}`);
const perKind = new Map<string, number>();
for (const e of entries) perKind.set(e.kind, (perKind.get(e.kind) ?? 0) + 1);
console.log(`${entries.length} entries (${entries.filter((e) => e.table).length} from the table, ${entries.filter((e) => e.qid).length} with a Wikidata id), ${leftOut.length} sites left out, ${(Buffer.byteLength(json) / 1024).toFixed(0)} KB -> ${OUTPUT}`);
console.log([...perKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', '));
