/**
 * What the twin still does not do as AWS does: said at start-up (infra/local/main.ts) and, word for word,
 * in docs/twin.md "What the twin does not emulate" (a unit test keeps the two the same). Production code is
 * written for AWS regardless.
 */
export const TWIN_GAPS = [
  'Lambda: function memory and timeouts are not enforced, and throttled events are not retried with growing pauses (they wait their turn).',
  "Lambda stream mappings: one poller a mapping, reading each shard on with the iterator its last `GetRecords` answered (as Lambda's poller does), every 300 ms while records come and backing off to 1.2 s while the stream stays empty (`drain`, which `/_local/events/settled` calls, reads at once), one batch at a time per shard; MaximumRecordAge is not applied and filters are only the mapping's event names and key prefix.",
  'DynamoDB: no throttling and no capacity limits (throttled paths are tested by faults injected into the client); expired items are not deleted on the TTL schedule.',
  'S3: one version a key, named by its ETag (a GET of any other version answers 404 NoSuchVersion; older versions are not kept), and no lifecycle rules; a copy is announced as ObjectCreated:Put rather than ObjectCreated:Copy, and UploadPartCopy ignores copy conditions.',
  'SES and SNS: messages land in the local outbox; sending quotas, bounces, topics, subscriptions and delivery receipts are not emulated.',
  'Cognito: no SRP sign-in (cognito-local has none), so both runtimes sign staff in with `USER_PASSWORD_AUTH`.',
  'CloudFront, WAF, CloudWatch alarms and X-Ray are not emulated (the gateway serves the SPA; alarms exist only in the stack); the twin sets no origin secret, so `CloudFront-Viewer-Address` is never believed there (the tests send it forged).',
] as const;
