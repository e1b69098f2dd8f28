// What a blog needs from the service besides the API: the widget (/widget/v2.js, an ES module
// with long-lived immutable caching; /widget/v1.js, the first release, byte for byte as pages pinned it), the page that builds its snippet (/widget), and the demo
// catalog's photos (/demo/photos/…), drawn by the service so pages built on the demo look whole.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { DEMO_PHOTOS_PATH, demoPhotoSvg } from '../catalog/demo-photos.js';
import { errorBody } from './error-response.js';
import { WIDGET_PAGE_CSP, WIDGET_PAGE_CSS, widgetPage } from './widget-page.js';
import { widgetFile, type WidgetFile } from './widget-files.js';

export const WIDGET_PATH = '/widget';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface WidgetRouteOptions {
  serviceName: string;
  publicUrl: (request: { protocol: string; host: string }) => string;
  logger: Logger;
}

function sendFile(reply: FastifyReply, file: WidgetFile, ifNoneMatch: string | undefined, cacheControl: string): FastifyReply {
  // Any page may load it (a module script is fetched with CORS); a page isolated with COEP too.
  reply.header('Cache-Control', cacheControl).header('ETag', file.etag).header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (ifNoneMatch === file.etag) return reply.code(304).send();
  return reply.type('text/javascript; charset=utf-8').send(file.body);
}

export function registerWidgetRoutes(app: FastifyInstance, options: WidgetRouteOptions): { integrity: string | null } {
  const first = widgetFile('v1.js', options.serviceName);
  const widget = widgetFile('v2.js', options.serviceName);
  const builder = widgetFile('builder.js', options.serviceName);
  if (!widget || !builder) options.logger.warn('the widget is not built (dist/widget): run npm run build; /widget answers 503 until then');
  const notBuilt = (reply: FastifyReply) =>
    reply.code(503).header('Retry-After', '60').send(errorBody('upstream_unavailable', 'the widget has not been built on this instance (npm run build)'));

  app.get(`${WIDGET_PATH}/v1.js`, (request, reply) => (first ? sendFile(reply, first, request.headers['if-none-match'], IMMUTABLE) : notBuilt(reply)));
  app.get(`${WIDGET_PATH}/v2.js`, (request, reply) => (widget ? sendFile(reply, widget, request.headers['if-none-match'], IMMUTABLE) : notBuilt(reply)));
  app.get(`${WIDGET_PATH}/builder.js`, (request, reply) =>
    builder ? sendFile(reply, builder, request.headers['if-none-match'], 'public, max-age=300') : notBuilt(reply),
  );
  app.get(`${WIDGET_PATH}/builder.css`, (_request, reply) => reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(WIDGET_PAGE_CSS));
  app.get(WIDGET_PATH, (request, reply) => {
    if (!widget) return notBuilt(reply);
    const page = widgetPage({ serviceName: options.serviceName, baseUrl: options.publicUrl(request), integrity: widget.integrity });
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
  return { integrity: widget?.integrity ?? null };
}
