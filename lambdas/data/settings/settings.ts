import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { queryOf } from '#adapters/dynamo/queries.js';
import { isConditionFailure, retrying } from '#adapters/dynamo/toolkit.js';
import {
  type Affordability,
  DEFAULT_SETTINGS,
  type MandatesSetting,
  type PayrollAuthority,
  payrollAuthoritySchema,
  type Retention,
  SETTING_SCHEMAS,
  type SettingName,
  type ValidationsSetting,
} from '#shared/api/settings.js';
import type { ExposureLimits } from '#shared/rules/borrower-record.js';
import type { SubmissionWindow } from '#shared/rules/submission-window.js';
import { notificationPut, type QueuedEvent } from '../notifications/outbox.js';

/**
 * Platform settings in the directory table, one item per setting: pk=SETTING sk={name} (exposure, window,
 * retention, affordability, mandates, validations, payroll_authority). Access pattern "every setting": one Query on pk=SETTING (a handful of items). A setting never
 * written, or written in a shape this code no longer reads, is its default (the payroll authority's: none).
 * Access pattern "the payroll authority": one consistent GetItem of pk=SETTING sk=payroll_authority.
 */
export interface PlatformSettings {
  exposure: ExposureLimits;
  window: SubmissionWindow;
  retention: Retention;
  affordability: Affordability;
  mandates: MandatesSetting;
  validations: ValidationsSetting;
  payroll_authority: PayrollAuthority | null;
  changed: Record<SettingName | typeof PAYROLL_AUTHORITY, { at: string; by_email: string | null } | null>;
  updated_at: string | null;
  updated_by_email: string | null;
}

const PK = 'SETTING';
const PAYROLL_AUTHORITY = 'payroll_authority';

/** A setting's item: its name (the sort key) and value, read against the setting's own schema by `stored`. */
const settingSchema = z.object({
  sk: z.string(),
  value: z.unknown(),
  updated_at: z.string().optional(),
  updated_by: z.string().optional(),
  updated_by_email: z.string().optional(),
});
type StoredSetting = z.output<typeof settingSchema>;
const settingCodec = defineCodec('setting', settingSchema, () => ({ pk: PK }));
/** The payroll authority's setting item, its value read as the authority. */
type AuthoritySetting = Omit<StoredSetting, 'value'> & { value: PayrollAuthority };

function stored<N extends SettingName>(items: readonly StoredSetting[], name: N): (typeof DEFAULT_SETTINGS)[N] {
  const parsed = SETTING_SCHEMAS[name].safeParse(items.find((item) => item.sk === name)?.value);
  return (parsed.success ? parsed.data : DEFAULT_SETTINGS[name]) as (typeof DEFAULT_SETTINGS)[N];
}

const authorityOf = (item: StoredSetting | null | undefined): PayrollAuthority | null => {
  const parsed = payrollAuthoritySchema.safeParse(item?.value);
  return parsed.success ? parsed.data : null;
};

export async function readSettings(): Promise<PlatformSettings> {
  const out = await dynamo.send(new QueryCommand({ TableName: tableName('directory'), ...queryOf({ pk: PK }), ConsistentRead: true }));
  const items = settingCodec.parseAll(out.Items);
  const changeOf = (name: SettingName | typeof PAYROLL_AUTHORITY) => {
    const item = items.find((candidate) => candidate.sk === name);
    return item?.updated_at ? { at: item.updated_at, by_email: item.updated_by_email ?? null } : null;
  };
  const latest = [...items].sort((a, b) => (b.updated_at ?? '').localeCompare(a.updated_at ?? ''))[0];
  return {
    exposure: stored(items, 'exposure'),
    window: stored(items, 'window'),
    retention: stored(items, 'retention'),
    affordability: stored(items, 'affordability'),
    mandates: stored(items, 'mandates'),
    validations: stored(items, 'validations'),
    payroll_authority: authorityOf(items.find((item) => item.sk === PAYROLL_AUTHORITY)),
    changed: {
      exposure: changeOf('exposure'),
      window: changeOf('window'),
      retention: changeOf('retention'),
      affordability: changeOf('affordability'),
      mandates: changeOf('mandates'),
      validations: changeOf('validations'),
      payroll_authority: changeOf(PAYROLL_AUTHORITY),
    },
    updated_at: latest?.updated_at ?? null,
    updated_by_email: latest?.updated_by_email ?? null,
  };
}

/** Writes one setting whole. */
export async function writeSetting(name: SettingName, value: unknown, by: { userId: string; email: string }): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: tableName('directory'),
      Item: settingCodec.build({ sk: name, value, updated_at: new Date().toISOString(), updated_by: by.userId, updated_by_email: by.email }),
    }),
  );
}

/** The designated payroll authority, read consistently (a designation applies to the next upload); null while none is. */
export async function getPayrollAuthority(): Promise<PayrollAuthority | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: { pk: PK, sk: PAYROLL_AUTHORITY }, ConsistentRead: true }));
  return authorityOf(settingCodec.parse(out.Item));
}

/** The payroll authority was changed by someone else since `previous` was read: nothing was written or queued. */
export class PayrollAuthorityChangedError extends Error {}

/**
 * Designates the payroll authority, replacing `previous` (exactly one at a time), with the change's
 * notification in the same transaction (its outbox item, lambdas/data/notifications/outbox.ts). Conditioned on
 * the authority still being `previous`: PayrollAuthorityChangedError when another change came first.
 */
const when = conditionsOf<AuthoritySetting>();
export async function replacePayrollAuthority(
  authority: PayrollAuthority,
  previous: PayrollAuthority | null,
  by: { userId: string; email: string },
  notify: QueuedEvent,
): Promise<void> {
  const setting = {
    TableName: tableName('directory'),
    Item: settingCodec.build({
      sk: PAYROLL_AUTHORITY,
      value: authority,
      updated_at: new Date().toISOString(),
      updated_by: by.userId,
      updated_by_email: by.email,
    }),
    ...conditionOf(previous ? when.is('value.org_id', previous.org_id) : when.missing('value.org_id')),
  };
  try {
    await retrying(() => dynamo.send(new TransactWriteCommand({ TransactItems: [{ Put: setting }, notificationPut(notify)] })));
  } catch (error) {
    if (isConditionFailure(error, 0)) throw new PayrollAuthorityChangedError();
    throw error;
  }
}

/** How long a warm function keeps the settings it read for a hot path (a history lookup). */
const RECENT_MS = 5_000;
let recent: { until: number; settings: Promise<PlatformSettings> } | null = null;

/**
 * The settings as read at most five seconds ago by this warm function, the read shared by the
 * lookups that ask meanwhile: a history lookup then costs no settings Query of its own, and a limit a
 * platform admin changes shows there within seconds. Screens that edit settings, and the validation
 * of an upload, call readSettings.
 */
export function recentSettings(now = Date.now()): Promise<PlatformSettings> {
  if (!recent || recent.until <= now) {
    const settings = readSettings();
    recent = { until: now + RECENT_MS, settings };
    // A failed read is not kept: the next lookup reads again.
    settings.catch(() => {
      if (recent?.settings === settings) recent = null;
    });
  }
  return recent.settings;
}
