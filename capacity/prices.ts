import type { Usage } from './model.js';

/**
 * List prices in USD, Africa (Cape Town) af-south-1, on-demand, without free tiers or taxes. This
 * machine reaches no AWS page; the prices were looked for on 2026-11-25 in stored copies of public
 * pages and repositories. `read: true` marks a figure read there (the source says where); the others
 * are the best known figure, not read here: check them in the AWS Pricing Calculator before quoting.
 */
export const PRICES_CHECKED_ON = '2026-11-25';
/** The day the price of a text to Zambia was set here. */
export const TEXT_PRICED_ON = '2026-11-27';

export interface Price {
  usd: number;
  per: string;
  read: boolean;
  source: string;
}

const CALCULATOR = 'not read here; check calculator.aws';

export const PRICES = {
  dynamoWriteUnits: {
    usd: 0.7423,
    per: 'million WRU',
    read: false,
    source: `${CALCULATOR}. Cape Town's earlier $1.4846 halved, as AWS halved on-demand prices on 2024-11-01 (N. Virginia: $0.625, airbyte.com DynamoDB pricing, July 2025)`,
  },
  dynamoReadUnits: { usd: 0.1485, per: 'million RRU', read: false, source: `${CALCULATOR}. Cape Town's earlier $0.2969 halved (N. Virginia: $0.125)` },
  dynamoStorage: { usd: 0.2975, per: 'GB-month', read: false, source: `${CALCULATOR} (N. Virginia: $0.25)` },
  dynamoBackup: { usd: 0.238, per: 'GB-month', read: false, source: `${CALCULATOR}: point-in-time recovery, on for every table (N. Virginia: $0.20)` },
  lambdaGbSeconds: {
    usd: 0.00001768,
    per: 'GB-second (arm64)',
    read: true,
    source: "a cost tool's regional table of aws.amazon.com/lambda/pricing (af-south-1 arm64 1768000e-11; x86 2210000e-11)",
  },
  lambdaRequests: { usd: 0.2, per: 'million requests', read: false, source: `${CALCULATOR} (N. Virginia's $0.20)` },
  apiGatewayRequests: { usd: 1.0, per: 'million HTTP API requests', read: false, source: `${CALCULATOR} (N. Virginia's $1.00, first 300 million)` },
  s3Storage: { usd: 0.0274, per: 'GB-month (Standard)', read: false, source: `${CALCULATOR} (N. Virginia: $0.023)` },
  s3Puts: { usd: 0.006, per: 'thousand PUT/POST/COPY', read: false, source: `${CALCULATOR} (N. Virginia: $0.005)` },
  s3Gets: { usd: 0.00048, per: 'thousand GET/HEAD', read: false, source: `${CALCULATOR} (N. Virginia: $0.0004)` },
  cloudfrontTransfer: {
    usd: 0.11,
    per: 'GB out, South Africa edges (first 10 TB)',
    read: true,
    source: 'aws.amazon.com/cloudfront/pricing, "South Africa, Kenya, Nigeria, and Middle East"',
  },
  /** Transactional SMS to Zambian mobiles (+260), one message part; SNS delivers through AWS End User Messaging SMS. */
  snsTextZambia: {
    usd: 0.18,
    per: 'text to +260 (one part)',
    read: false,
    source: `${CALCULATOR}: SNS's SMS price list for Zambia (priced 2026-11-27, the best known figure); the texts stay under 160 GSM characters, one part each`,
  },
  cloudfrontRequests: {
    usd: 0.022,
    per: 'ten thousand HTTPS requests',
    read: false,
    source: `${CALCULATOR}; South America's rate (the same band as South Africa for transfer)`,
  },
} as const satisfies Record<string, Price>;

export type CostLine = 'DynamoDB requests' | 'DynamoDB storage + PITR' | 'Lambda' | 'API Gateway' | 'S3' | 'CloudFront' | 'SNS texts';

/** A month's cost of this usage, by line. */
export function monthlyCost(usage: Usage, p: typeof PRICES = PRICES): Record<CostLine, number> {
  const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
  const { dynamo, lambda, s3, cloudfront, api } = usage;
  return {
    'DynamoDB requests': (sum(dynamo.writeUnits) * p.dynamoWriteUnits.usd + sum(dynamo.readUnits) * p.dynamoReadUnits.usd) / 1e6,
    'DynamoDB storage + PITR': dynamo.storageGb * (p.dynamoStorage.usd + p.dynamoBackup.usd),
    Lambda: (sum(lambda.invocations) * p.lambdaRequests.usd) / 1e6 + sum(lambda.gbSeconds) * p.lambdaGbSeconds.usd,
    'API Gateway': (api.requests * p.apiGatewayRequests.usd) / 1e6,
    S3: s3.storageGb * p.s3Storage.usd + (s3.puts * p.s3Puts.usd) / 1e3 + (s3.gets * p.s3Gets.usd) / 1e3,
    CloudFront: cloudfront.gb * p.cloudfrontTransfer.usd + (cloudfront.requests * p.cloudfrontRequests.usd) / 1e4,
    'SNS texts': usage.growth.texts.total * p.snsTextZambia.usd,
  };
}
