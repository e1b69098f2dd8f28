// What a blog needs from the service besides the API: the widget's script in every released
// version (/widget/v1.js … /widget/v4.js: ES modules with long-lived immutable caching, each byte
// for byte as released, whatever the service's configuration), each version's interface texts, one
// immutable file per language (/widget/v4/messages/de.json, v3's at /widget/v3/messages/), what
// the widget fetches of this deployment (/widget/settings.json: the name its credit gives the
// service), the page that builds its snippet (/widget), and the demo catalog's photos
// (/demo/photos/…), drawn by the service so pages built on the demo look whole.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { DEMO_PHOTOS_PATH, demoPhotoSvg } from '../catalog/demo-photos.js';
import { errorBody } from './error-response.js';
import { WIDGET_PAGE_CSP, WIDGET_PAGE_CSS, widgetPage } from './widget-page.js';
import { CURRENT_WIDGET, WIDGET_MESSAGE_FOLDERS, WIDGET_VERSIONS, widgetCatalogs, widgetFile, widgetSettings, type WidgetFile } from './widget-files.js';

export const WIDGET_PATH = '/widget';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface WidgetRouteOptions {
  serviceName: string;
  publicUrl: (request: { protocol: string; host: string }) => string;
  logger: Logger;
}

/** Where the widget fetches the deployment's settings: one short JSON object, kept by browsers a while. */
export const WIDGET_SETTINGS_PATH = `${WIDGET_PATH}/settings.json`;
const SETTINGS_CACHE = 'public, max-age=3600';

function sendFile(reply: FastifyReply, file: WidgetFile, ifNoneMatch: string | undefined, cacheControl: string, type = 'text/javascript; charset=utf-8'): FastifyReply {
  // Any page may load it (a module script and the widget's fetches are made with CORS); a page isolated with COEP too.
  reply.header('Cache-Control', cacheControl).header('ETag', file.etag).header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (ifNoneMatch === file.etag) return reply.code(304).send();
  return reply.type(type).send(file.body);
}

export function registerWidgetRoutes(app: FastifyInstance, options: WidgetRouteOptions): { integrity: string | null; current: { path: string; integrity: string } | null } {
  const versions = new Map(WIDGET_VERSIONS.map((name) => [name, widgetFile(name)]));
  const widget = versions.get(CURRENT_WIDGET) ?? null;
  const builder = widgetFile('builder.js');
  const settings = widgetSettings(options.serviceName);
  if (!widget || !builder) options.logger.warn('the widget is not built (dist/widget): run npm run build; /widget answers 503 until then');
  const notBuilt = (reply: FastifyReply) =>
    reply.code(503).header('Retry-After', '60').send(errorBody('upstream_unavailable', 'the widget has not been built on this instance (npm run build)'));

  for (const [name, file] of versions) {
    app.get(`${WIDGET_PATH}/${name}`, (request, reply) => (file ? sendFile(reply, file, request.headers['if-none-match'], IMMUTABLE) : notBuilt(reply)));
  }
  for (const folder of WIDGET_MESSAGE_FOLDERS) {
    const catalogs = widgetCatalogs(folder);
    app.get(`${WIDGET_PATH}/${folder}/:file`, (request, reply) => {
      const name = (request.params as Record<string, string>).file;
      const catalog = catalogs.get(name);
      if (catalog) return sendFile(reply, catalog, request.headers['if-none-match'], IMMUTABLE, 'application/json; charset=utf-8');
      if (!widget) return notBuilt(reply);
      return reply.code(404).send(errorBody('not_found', `the widget has no catalog ${JSON.stringify(name.slice(0, 40))}; its languages are ${[...catalogs.keys()].map((file) => file.slice(0, -5)).join(', ')} and English, built in`));
    });
  }
  app.get(WIDGET_SETTINGS_PATH, (request, reply) => sendFile(reply, settings, request.headers['if-none-match'], SETTINGS_CACHE, 'application/json; charset=utf-8'));
  app.get(`${WIDGET_PATH}/builder.js`, (request, reply) =>
    builder ? sendFile(reply, builder, request.headers['if-none-match'], 'public, max-age=300') : notBuilt(reply),
  );
  app.get(`${WIDGET_PATH}/builder.css`, (_request, reply) => reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(WIDGET_PAGE_CSS));
  app.get(WIDGET_PATH, (request, reply) => {
    if (!widget || !builder) return notBuilt(reply);
    const page = widgetPage({ serviceName: options.serviceName, baseUrl: options.publicUrl(request), widgetPath: `${WIDGET_PATH}/${CURRENT_WIDGET}`, integrity: widget.integrity });
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Content-Security-Policy', WIDGET_PAGE_CSP).send(page);
  });

  app.get(`${DEMO_PHOTOS_PATH}/*`, (request, reply) => {
    const svg = demoPhotoSvg((request.params as Record<string, string>)['*']);
    if (svg === null) return reply.code(404).send(errorBody('not_found', `no demo photo at ${request.url.split('?')[0].slice(0, 200)}`));
    // A picture, never a document: nothing in it runs, even opened on its own.
    return reply
      .type('image/svg+xml')
      .header('Cache-Control', IMMUTABLE)
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(svg);
  });
  // The current widget, which the documents and new pages name.
  return { integrity: widget?.integrity ?? null, current: widget ? { path: `${WIDGET_PATH}/${CURRENT_WIDGET}`, integrity: widget.integrity } : null };
}
