import { createServer, type Server } from 'node:http';
import { AUTH_TRIGGERS, EMPLOYEE_AUTH_TRIGGERS } from '../definitions.js';
import { loadHandler } from './handlers.js';

type Handler = (event: unknown, context: unknown) => Promise<unknown>;

/**
 * The Lambda Invoke API, just enough for cognito-local to run the Cognito triggers (both pools'):
 * POST /2015-03-31/functions/{name}/invocations with the event as the body.
 */
export function startLambdaInvokeServer(port: number): Promise<Server> {
  const byName = new Map<string, string>([...Object.values(AUTH_TRIGGERS), ...Object.values(EMPLOYEE_AUTH_TRIGGERS)].map((t) => [t.functionName, t.handler]));
  const server = createServer(async (req, res) => {
    const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(req.url ?? '');
    const modulePath = match ? byName.get(decodeURIComponent(match[1]!)) : undefined;
    if (req.method !== 'POST' || !modulePath) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Type: 'User', Message: 'Function not found' }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const handler = (await loadHandler(modulePath)) as Handler;
      const result = await handler(JSON.parse(Buffer.concat(chunks).toString('utf8')), { functionName: match![1] });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result ?? null));
    } catch (error) {
      res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
      res.end(JSON.stringify({ errorMessage: (error as Error).message, errorType: (error as Error).name }));
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
