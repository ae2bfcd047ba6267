import { Logger } from '@aws-lambda-powertools/logger';
import { Tracer } from '@aws-lambda-powertools/tracer';

const serviceName = 'payroll-platform';

/** Structured JSON logs; `injectLambdaContext` (in the handler chain) adds the request id and cold start. */
export const logger = new Logger({ serviceName });

/**
 * X-Ray segments for each invocation and each AWS SDK call. Outside Lambda
 * there is no X-Ray daemon, so tracing is off there unless POWERTOOLS_TRACE_ENABLED says otherwise.
 */
export const tracer = new Tracer({ serviceName, enabled: process.env.POWERTOOLS_TRACE_ENABLED !== 'false' && Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) });
