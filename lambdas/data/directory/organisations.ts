import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionsOf } from '#adapters/dynamo/expressions.js';
import { queryOf, readOf, type Stored } from '#adapters/dynamo/queries.js';
import { scanAll } from '#adapters/dynamo/toolkit.js';
import { CLIENT_TYPES } from '#shared/api/accounts.js';

/**
 * Organisations, in the directory table (memberships, access requests, platform admins and billing
 * live beside them, each in its own file):
 * - organisation: pk=ORG#{org_id} sk=META; gsi1pk=PAYEE#{payee_key} gsi1sk=ORG#{org_id}
 * Access patterns: "organisation by id" GetItem; "organisation by payee key" Query gsi1 PAYEE#{key};
 * "organisations of a kind" a filtered Scan (hundreds of organisations, read by a platform admin's screen).
 * An organisation exists once a platform admin approved the request that created it.
 */
const organisationSchema = z.object({
  org_id: z.string(),
  org_name: z.string(),
  client_type: z.enum(CLIENT_TYPES),
  payee_key: z.string().nullable().default(null),
  created_at: z.string(),
});
export type Organisation = z.output<typeof organisationSchema>;

export const orgKey = (orgId: string) => ({ pk: `ORG#${orgId}`, sk: 'META' });
const payeeIndexKeys = (payeeKey: string, orgId: string) => ({ gsi1pk: `PAYEE#${payeeKey}`, gsi1sk: `ORG#${orgId}` });
/** An organisation holding a payee key is found by it (gsi1); a PMEC organisation holds none. */
export const organisationCodec = defineCodec('organisation', organisationSchema, (o) => ({
  ...orgKey(o.org_id),
  ...(o.payee_key ? payeeIndexKeys(o.payee_key, o.org_id) : {}),
}));

/** Access pattern "organisation by payee key": Query gsi1 on PAYEE#{key}. */
export async function findOrganisationByPayeeKey(payeeKey: string): Promise<Organisation | null> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('directory'),
      ...queryOf({ IndexName: 'gsi1', pk: `PAYEE#${payeeKey}` }),
      Limit: 1,
    }),
  );
  return organisationCodec.parse(out.Items?.[0]);
}

export async function getOrganisation(orgId: string): Promise<Organisation | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: orgKey(orgId) }));
  return organisationCodec.parse(out.Item);
}

/** The conditions on a directory item read by a Scan: its keys say what it is. */
const scanned = conditionsOf<Stored<Organisation>>();

/** Access pattern "organisations of a kind", by name: a Scan filtered to organisation items of that client type. */
export async function listOrganisationsOfKind(kind: Organisation['client_type']): Promise<Organisation[]> {
  const items = await scanAll({
    TableName: tableName('directory'),
    ...readOf<Organisation>({ filter: scanned.and(scanned.beginsWith('pk', 'ORG#'), scanned.is('sk', 'META'), scanned.is('client_type', kind)) }),
  });
  return organisationCodec.parseAll(items).sort((a, b) => a.org_name.localeCompare(b.org_name) || a.org_id.localeCompare(b.org_id));
}

/**
 * Access pattern "organisation by name" (any kind, letter case aside): the name guard an approval writes,
 * else (organisations approved before names were guarded) a filtered Scan of the organisations.
 */
export async function findOrganisationByName(name: string): Promise<Organisation | null> {
  const wanted = name.trim().toUpperCase();
  const guard = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: orgNameGuardKey(wanted), ConsistentRead: true }));
  if (typeof guard.Item?.org_id === 'string') {
    const org = await getOrganisation(guard.Item.org_id);
    if (org) return org;
  }
  const items = await scanAll({
    TableName: tableName('directory'),
    ...readOf<Organisation>({ filter: scanned.and(scanned.beginsWith('pk', 'ORG#'), scanned.is('sk', 'META')) }),
  });
  return organisationCodec.parseAll(items).find((o) => o.org_name.trim().toUpperCase() === wanted) ?? null;
}

/** The guard that keeps one organisation per name: pk=ORGKEY#NAME#{NAME IN UPPER CASE} sk=ORG, holding org_id. */
export const orgNameGuardKey = (name: string) => ({ pk: `ORGKEY#NAME#${name.trim().toUpperCase()}`, sk: 'ORG' });
/** A guard of an organisation's name or payee key: which organisation holds it, since when. */
interface OrganisationGuard {
  org_id: string;
  created_at: string;
}
export const whenOrganisationGuard = conditionsOf<OrganisationGuard>();
export const whenOrganisation = conditionsOf<Organisation>();
