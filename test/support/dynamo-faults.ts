import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** What a fault does to one command: fail it, send part of it and answer the rest as unprocessed, or pass it on (null). */
type Fault = (command: string, input: Record<string, any>) => Record<string, any> | 'fail' | null;

/**
 * Faults injected into the repositories' own DynamoDB client for the length of one test: the returned
 * function adds one under a name and answers the function that removes it.
 */
export function faultInjector(dynamo: DynamoDBDocumentClient) {
  return (name: string, fault: Fault) => {
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        const command = String(context.commandName ?? '');
        const input = args.input as Record<string, unknown>;
        const outcome = fault(command, input);
        if (outcome === 'fail') throw Object.assign(new Error('Injected fault: connection reset'), { name: 'TimeoutError', $retryable: {} });
        if (outcome === null) return next(args);
        // A partial request: send only `outcome.send`, answer the rest as unprocessed, as a throttled DynamoDB does.
        const result = await next({ ...args, input: outcome.send });
        Object.assign(result.output as object, outcome.unprocessed);
        return result;
      },
      { step: 'initialize', name },
    );
    return () => dynamo.middlewareStack.remove(name);
  };
}
