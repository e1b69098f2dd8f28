// Where links point and how they credit a partner; all of it configuration.

export interface LinkSettings {
  /** Host of the main site: `www.stays.example`. */
  mainSite: string;
  /** Host of the travel site: `travel.stays.example`. */
  travelSite: string;
  /** Query parameter carrying the affiliate code: `aff`. */
  affiliateParam: string;
  /** Query parameter carrying the caller's placement tag: `utm_content`. */
  subIdParam: string;
  /** Query parameter carrying the traveller's language: `lang`. */
  langParam: string;
  /** Query parameter carrying the traveller's currency: `currency`. */
  currencyParam: string;
}

/** Both hosts of each site, with and without the leading `www.`. */
export function serviceHosts(settings: LinkSettings): Set<string> {
  const hosts = new Set<string>();
  for (const site of [settings.mainSite, settings.travelSite]) {
    const bare = site.toLowerCase().replace(/^www\./, '');
    hosts.add(bare);
    hosts.add(`www.${bare}`);
  }
  return hosts;
}
