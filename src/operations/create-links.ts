// POST /links and the create_links tool: service URLs made to credit the caller.
import type { Credit } from '../links/hotel-link.js';
import type { LinksBody, LinksResponse } from './schemas.js';
import type { CatalogServices } from './services.js';

/** What a links call costs against the allowance: one per URL. */
export const linksCost = (body: LinksBody) => body.urls.length;

export function createLinks(services: CatalogServices, credit: Credit, body: LinksBody): LinksResponse {
  return { links: body.urls.map((url) => services.linker.link(url, credit)) };
}
