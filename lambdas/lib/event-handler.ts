import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger, tracer } from './powertools.js';

/** S3 events, schedules and Cognito triggers: the same Logger (request id, cold start) and Tracer as the API chain. */
export function createEventHandler<TEvent, TResult>(fn: (event: TEvent) => Promise<TResult>) {
  const handler = middy<TEvent, TResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(captureLambdaHandler(tracer))
    .handler(fn);
  // Tests call these with the event alone; middy then starts from an empty context, as it does outside Lambda.
  return (event: TEvent, context?: Context): Promise<TResult> => handler(event, context as Context);
}
