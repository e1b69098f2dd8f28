// The API reference at /docs: the served OpenAPI document rendered by Swagger UI, with a
// working "Try it out" against this very service. Swagger UI (swagger-ui-dist, from the
// registry) is served from node_modules by @fastify/static: no CDN, no fonts or scripts from
// elsewhere, so the page works on a closed network. Swagger UI renders info.description
// (the guide: first calls, allowances, limit headers, errors, what a browser must never do
// with a key) above the operations; "Authorize" takes a key for the calls made from the page.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const REFERENCE_PATH = '/docs';
const ASSETS = `${REFERENCE_PATH}/assets/`;
/** The files of swagger-ui-dist the page uses; its demo page (pointed at a public pet store) is not served. */
const SWAGGER_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

function page(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" type="image/png" href="${ASSETS}favicon-32x32.png">
<link rel="stylesheet" href="${ASSETS}swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="${ASSETS}swagger-ui-bundle.js"></script>
<script src="${ASSETS}reference.js"></script>
</body>
</html>
`;
}

// The document comes from this service; "Try it out" calls the document's first server (this
// service, or PUBLIC_BASE_URL when set).
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  tryItOutEnabled: true,
  displayRequestDuration: true,
  defaultModelsExpandDepth: 0,
  supportedSubmitMethods: ['get', 'post'],
  validatorUrl: null,
});
`;

export async function registerReferencePage(app: FastifyInstance, title: string): Promise<void> {
  const html = page(title);
  app.get(REFERENCE_PATH, (_request, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(html);
  });
  app.get(`${ASSETS}reference.js`, (_request, reply) => {
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(START_SCRIPT);
  });
  await app.register(fastifyStatic, {
    root: swaggerDir,
    prefix: ASSETS,
    decorateReply: false,
    index: false,
    // The version is in the package; a day is safe and spares reloading 1.5 MB on every visit.
    maxAge: 86_400_000,
    allowedPath: (path) => SWAGGER_FILES.has(path.replace(/^\//, '')),
  });
}
