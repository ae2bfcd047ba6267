import { createApiHandler } from '#http/handler.js';
import { openApiDocument } from '#shared/openapi/document.js';
import { ROUTES } from '#shared/routes/index.js';
import * as routes from '#shared/routes/system.js';

/** Built once per instance: the route table does not change while a function lives. */
let built: ReturnType<typeof openApiDocument> | undefined;

export const handler = createApiHandler(routes.getOpenApi, async () => ({
  statusCode: 200,
  body: (built ??= openApiDocument(ROUTES)),
  headers: { 'cache-control': 'public, max-age=300' },
}));
