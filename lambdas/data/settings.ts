import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_EXPOSURE_LIMITS, exposureLimitsSchema } from '../../shared/api/settings.js';
import type { ExposureLimits } from '../../shared/rules/borrower-record.js';
import { dynamo, tableName } from './clients.js';

/**
 * Platform settings in the directory table, one item per setting: pk=SETTING sk={name}.
 * Access pattern "every setting": one Query on pk=SETTING (a handful of items). A setting never
 * written, or written in a shape this code no longer reads, is its default.
 */
export interface PlatformSettings {
  exposure: ExposureLimits;
  updated_at: string | null;
  updated_by_email: string | null;
}

interface StoredSetting {
  sk: string;
  value?: unknown;
  updated_at?: string;
  updated_by_email?: string;
}

const PK = 'SETTING';

export async function readSettings(): Promise<PlatformSettings> {
  const out = await dynamo.send(new QueryCommand({ TableName: tableName('directory'), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': PK }, ConsistentRead: true }));
  const items = (out.Items ?? []) as StoredSetting[];
  const exposure = items.find((item) => item.sk === 'exposure');
  const parsed = exposureLimitsSchema.safeParse(exposure?.value);
  const latest = [...items].sort((a, b) => (b.updated_at ?? '').localeCompare(a.updated_at ?? ''))[0];
  return {
    exposure: parsed.success ? parsed.data : DEFAULT_EXPOSURE_LIMITS,
    updated_at: latest?.updated_at ?? null,
    updated_by_email: latest?.updated_by_email ?? null,
  };
}

/** Writes one setting whole. */
export async function writeSetting(name: 'exposure', value: unknown, by: { userId: string; email: string }): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: tableName('directory'),
      Item: { pk: PK, sk: name, value, updated_at: new Date().toISOString(), updated_by: by.userId, updated_by_email: by.email },
    }),
  );
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
