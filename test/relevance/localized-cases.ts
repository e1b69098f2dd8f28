// Destinations as travellers type them in their own language and script (issue 47): each is the
// place its English name is, asked in the same language. Written from knowledge of how each
// language names these cities (and how it is typed: with or without spaces between Korean words,
// with the Japanese long vowel at the end or not, in either Chinese script, with the
// administrative word "市" or without), not from the service's answers.

export type LocalizedCategory = 'zh-Hans' | 'zh-Hant' | 'ja' | 'ko' | 'exonym' | 'typo' | 'stays';

export interface LocalizedCase {
  category: LocalizedCategory;
  typed: string;
  /** The traveller's language (the request's lang). */
  lang: string;
  /** An English destination naming the same place, or 404 when the text names none. */
  sameAs: string | 404;
}

const of = (category: LocalizedCategory, lang: string, pairs: [string, string | 404][]): LocalizedCase[] =>
  pairs.map(([typed, sameAs]) => ({ category, typed, lang, sameAs }));

export const LOCALIZED_CASES: readonly LocalizedCase[] = [
  ...of('zh-Hans', 'zh-Hans', [
    ['罗马', 'Rome, Italy'], ['罗马市', 'Rome, Italy'], ['维也纳', 'Vienna'], ['基辅', 'Kyiv'], ['利马', 'Lima, Peru'],
    ['伊斯坦布尔', 'Istanbul'], ['东京', 'Tokyo'], ['布宜诺斯艾利斯', 'Buenos Aires'], ['墨西哥城', 'Mexico City'],
    ['大马士革', 'Damascus'], ['纽约', 'New York City'], ['莫斯科', 'Moscow'], ['巴黎', 'Paris, France'], ['伦敦', 'London, UK'],
    ['马德里', 'Madrid'], ['里斯本', 'Lisbon'], ['雅典', 'Athens, Greece'], ['横滨', 'Yokohama'],
  ]),
  ...of('zh-Hant', 'zh-Hant', [
    ['維也納', 'Vienna'], ['基輔', 'Kyiv'], ['利馬', 'Lima, Peru'], ['羅馬', 'Rome, Italy'], ['伊斯坦堡', 'Istanbul'],
    ['紐約', 'New York City'], ['倫敦', 'London, UK'], ['臺北', 'Taipei'], ['台北市', 'Taipei'], ['東京都', 'Tokyo'],
    ['布宜諾斯艾利斯', 'Buenos Aires'], ['大馬士革', 'Damascus'],
  ]),
  ...of('ja', 'ja', [
    ['ウィーン', 'Vienna'], ['キーウ', 'Kyiv'], ['キエフ', 'Kyiv'], ['メキシコシティー', 'Mexico City'], ['メキシコシティ', 'Mexico City'],
    ['メキシコ・シティ', 'Mexico City'], ['リマ', 'Lima, Peru'], ['ローマ', 'Rome, Italy'], ['ブエノスアイレス', 'Buenos Aires'],
    ['ブエノス・アイレス', 'Buenos Aires'], ['東京', 'Tokyo'], ['東京都', 'Tokyo'], ['ミュンヘン', 'Munich'], ['イスタンブール', 'Istanbul'],
    ['ニューヨーク', 'New York City'], ['ロンドン', 'London, UK'], ['横浜市', 'Yokohama'], ['大阪市', 'Osaka'], ['京都', 'Kyoto'],
  ]),
  ...of('ko', 'ko', [
    ['부에노스 아이레스', 'Buenos Aires'], ['부에노스아이레스', 'Buenos Aires'], ['멕시코시티', 'Mexico City'], ['멕시코 시티', 'Mexico City'],
    ['로마', 'Rome, Italy'], ['리마', 'Lima, Peru'], ['이스탄불', 'Istanbul'], ['뉴욕', 'New York City'], ['뉴 욕', 'New York City'],
    ['서울', 'Seoul'], ['도쿄', 'Tokyo'], ['비엔나', 'Vienna'],
  ]),
  ...of('exonym', 'nl', [['Istanboel', 'Istanbul'], ['Wenen', 'Vienna'], ['Djoeba', 'Juba, South Sudan']]),
  ...of('exonym', 'pl', [['Dżuba', 'Juba, South Sudan'], ['Wiedeń', 'Vienna'], ['Kijów', 'Kyiv'], ['Rzym', 'Rome, Italy'], ['Lizbona', 'Lisbon']]),
  ...of('exonym', 'tr', [['Viyana', 'Vienna'], ['İstanbul', 'Istanbul']]),
  ...of('exonym', 'ru', [['Вена', 'Vienna'], ['Стамбул', 'Istanbul'], ['Мехико', 'Mexico City']]),
  ...of('exonym', 'uk', [['Відень', 'Vienna'], ['Київ', 'Kyiv']]),
  ...of('exonym', 'de', [['Mexiko-Stadt', 'Mexico City'], ['Mailand', 'Milan']]),
  ...of('typo', 'nl', [['Istamboel', 'Istanbul'], ['Istanbeol', 'Istanbul']]),
  ...of('typo', 'pl', [['Wiedenn', 'Vienna']]),
  ...of('typo', 'ru', [['Москваа', 'Moscow'], ['Стамбл', 'Istanbul'], ['Мюнхн', 'Munich']]),
  // A vowel for a vowel, as in Latin letters (issue 47: Cyrillic typos as in English).
  ...of('typo', 'ru', [['Масква', 'Moscow'], ['Барсилона', 'Barcelona'], ['Лисабон', 'Lisbon'], ['Вашингтан', 'Washington']]),
  ...of('typo', 'uk', [['Варшева', 'Warsaw'], ['Лондін', 'London']]),
  ...of('stays', 'zh-Hans', [['呵呵呵呵', 404]]),
  ...of('stays', 'ja', [['ーーー', 404]]),
];

/**
 * Names whose reading needs the traveller's language: "Şam" is Damascus in Turkish, and another
 * place's other name elsewhere (the United States' Irish abbreviation SAM).
 */
export const LANGUAGE_READ_CASES: readonly LocalizedCase[] = [...of('exonym', 'tr', [['Şam', 'Damascus']])];
