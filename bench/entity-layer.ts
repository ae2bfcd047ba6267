import { isDeepStrictEqual } from 'node:util';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { bundleSize } from './entity-layer/bundle.js';
import type { EntityLayer } from './entity-layer/layer.js';
import type { SeedStep } from './entity-layer/plan.js';
import type { Bench, Figure } from './figures.js';
import { median, progress, withTwin } from './support.js';

const BORROWERS = Number(process.env.BENCH_ENTITY_BORROWERS ?? 1_500);
/** Months of the seed: 3 as bench/history.ts seeds; from 5 on the NRC records compact (removes, the version condition). */
const MONTHS = Number(process.env.BENCH_ENTITY_MONTHS ?? 3);
/** Alternated rounds of the twin writes (each layer once a round, the order rotated). */
const ROUNDS = Number(process.env.BENCH_ENTITY_ROUNDS ?? 3);
/** Alternated rounds of building every update of the seed, no I/O. */
const BUILD_ROUNDS = Number(process.env.BENCH_ENTITY_BUILD_ROUNDS ?? 10);
/** Borrowers of the seed whose requests are built alone (a library's request takes about a millisecond). */
const BUILD_BORROWERS = Number(process.env.BENCH_ENTITY_BUILD_BORROWERS ?? 300);
/** Months of the seed whose requests are built alone: 6, so that a tenth of them compact. */
const BUILD_MONTHS = Number(process.env.BENCH_ENTITY_BUILD_MONTHS ?? 6);
const IN_FLIGHT = 16;

const spread = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;

/** µs per update (and per put) to build every request of the seed, each layer in turn, BUILD_ROUNDS times. */
function buildCost(layers: readonly EntityLayer[], steps: readonly SeedStep[]) {
  const updates = steps.flatMap((step) => step.updates);
  const puts = steps.flatMap((step) => step.puts);
  const runs = new Map(layers.map((layer) => [layer.name, { update: [] as number[], put: [] as number[] }]));
  for (let round = -1; round < BUILD_ROUNDS; round++) {
    // Each round in another order, so that no layer always runs first.
    for (const layer of layers.map((_, i) => layers[(i + Math.max(round, 0)) % layers.length]!)) {
      let start = performance.now();
      for (const update of updates) layer.update('history', update);
      const update = ((performance.now() - start) * 1000) / updates.length;
      start = performance.now();
      for (const put of puts) layer.put('history', put);
      const put = ((performance.now() - start) * 1000) / puts.length;
      // Round -1 warms each layer up (its entities declared, the code compiled) and is not counted.
      if (round < 0) continue;
      runs.get(layer.name)!.update.push(update);
      runs.get(layer.name)!.put.push(put);
    }
  }
  return runs;
}

async function inFlight<T>(items: readonly T[], task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/** The seed written by one layer into a table of its own: each submission's history Puts, then its summary updates. */
async function writeSeed(layer: EntityLayer, table: string, steps: readonly SeedStep[]): Promise<number> {
  const start = performance.now();
  for (const step of steps) {
    await inFlight(step.puts, (item) => layer.sendPut(table, item));
    await inFlight(step.updates, (update) => layer.sendUpdate(table, update));
  }
  return (performance.now() - start) / 1000;
}

/** Keys of the seed's last submission (a sample of its puts and updates): what each layer's table must hold alike. */
function sampleKeys(steps: readonly SeedStep[]) {
  const last = steps.at(-1)!;
  const keys = [...last.puts.slice(0, 50), ...last.updates.slice(0, 50)].map(({ pk, sk }: { pk?: string; sk?: string; key?: { pk: string; sk: string } }) => ({
    pk,
    sk,
  }));
  return keys.filter((key) => key.pk) as { pk: string; sk: string }[];
}

/**
 * electrodb and dynamodb-toolbox v2 against the project's builder (lambdas/adapters/dynamo/expressions.ts) on
 * the history seed's writes (bench/entity-layer/plan.ts): building the requests alone, writing the seed to
 * the twin's DynamoDB Local in alternated rounds, and the bytes each adds to the history ingestion Lambda.
 */
export const entityLayerBench: Bench = {
  name: 'entity-layer',
  async run(): Promise<Figure[]> {
    const figures: Figure[] = [];
    await withTwin(async (twin) => {
      Object.assign(process.env, twin.env);
      const { seedPlan } = await import('./entity-layer/plan.js');
      const { builderLayer } = await import('./entity-layer/builder.js');
      const { electrodbLayer, ELECTRODB_OWN } = await import('./entity-layer/electrodb.js');
      const { toolboxLayer } = await import('./entity-layer/toolbox.js');
      const { dynamo } = await import('#adapters/aws-clients.js');
      const layers = [builderLayer, electrodbLayer, toolboxLayer];
      const steps = seedPlan(BORROWERS, MONTHS);
      const updates = steps.reduce((n, step) => n + step.updates.length, 0);
      const puts = steps.reduce((n, step) => n + step.puts.length, 0);
      const compacting = steps.reduce((n, step) => n + step.updates.filter((update) => update.version !== undefined).length, 0);
      progress(`the seed: ${BORROWERS} borrowers × ${MONTHS} months × 2 lenders: ${puts} history Puts, ${updates} summary updates (${compacting} compacting)`);

      const buildSteps = seedPlan(BUILD_BORROWERS, BUILD_MONTHS);
      const buildUpdates = buildSteps.flatMap((step) => step.updates);
      const buildCompacting = buildUpdates.filter((update) => update.version !== undefined).length;
      progress(
        `building every request of ${BUILD_BORROWERS} borrowers × ${BUILD_MONTHS} months (${buildUpdates.length} updates, ${buildCompacting} compacting), ${BUILD_ROUNDS} alternated rounds`,
      );
      const built = buildCost(layers, buildSteps);
      const base = built.get('builder')!;
      for (const layer of layers) {
        const own = built.get(layer.name)!;
        const ratios = own.update.map((us, i) => us / base.update[i]!);
        figures.push({
          name: `entity_layer.${layer.name}_build_us_per_update`,
          value: median(own.update),
          unit: 'µs',
          baseline: 'the builder, same rounds',
          baseline_value: median(base.update),
          ratio: median(ratios),
          note: `${buildUpdates.length} updates (${buildCompacting} compacting) × ${BUILD_ROUNDS} rounds, no I/O: per round ${spread(own.update)} µs (ratio ${spread(ratios)}); a history Put ${median(own.put).toFixed(2)} µs (builder ${median(base.put).toFixed(2)})`,
        });
      }

      const raw = new DynamoDBClient({});
      const createTable = (table: string) =>
        raw.send(
          new CreateTableCommand({
            TableName: table,
            BillingMode: 'PAY_PER_REQUEST',
            AttributeDefinitions: [
              { AttributeName: 'pk', AttributeType: 'S' },
              { AttributeName: 'sk', AttributeType: 'S' },
            ],
            KeySchema: [
              { AttributeName: 'pk', KeyType: 'HASH' },
              { AttributeName: 'sk', KeyType: 'RANGE' },
            ],
          }),
        );
      // A first submission's worth by each, not counted: the table engine and each layer warmed up alike.
      for (const layer of layers) {
        const table = `bench-entity-warm-${layer.name}`;
        await createTable(table);
        progress(`warming up: ${layer.name}`);
        await writeSeed(layer, table, steps.slice(0, 1));
        await raw.send(new DeleteTableCommand({ TableName: table }));
      }
      const seconds = new Map(layers.map((layer) => [layer.name, [] as number[]]));
      let differing = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const order = layers.map((_, i) => layers[(i + round) % layers.length]!);
        const tables = new Map<string, string>();
        for (const layer of order) {
          const table = `bench-entity-${layer.name}-${round}`;
          tables.set(layer.name, table);
          await createTable(table);
          progress(`round ${round + 1}/${ROUNDS}: ${layer.name}`);
          const s = await writeSeed(layer, table, steps);
          seconds.get(layer.name)!.push(s);
          progress(`  ${s.toFixed(1)} s`);
        }
        if (round === 0) {
          // The same items in each table: electrodb's own attributes aside.
          const keys = sampleKeys(steps);
          const read = async (table: string) => {
            const out = await dynamo.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }));
            return new Map((out.Responses?.[table] ?? []).map((item) => [`${item.pk}|${item.sk}`, item]));
          };
          const expected = await read(tables.get('builder')!);
          for (const layer of layers.slice(1)) {
            const got = await read(tables.get(layer.name)!);
            for (const [id, item] of expected) {
              const other = { ...got.get(id) };
              if (layer.name === 'electrodb') for (const own of ELECTRODB_OWN) delete other[own];
              if (!isDeepStrictEqual(item, other)) differing++;
            }
          }
          if (expected.size < keys.length) differing += keys.length - expected.size;
        }
        for (const table of tables.values()) await raw.send(new DeleteTableCommand({ TableName: table }));
      }
      const baseSeconds = seconds.get('builder')!;
      for (const layer of layers) {
        const own = seconds.get(layer.name)!;
        const ratios = own.map((s, i) => s / baseSeconds[i]!);
        figures.push({
          name: `entity_layer.${layer.name}_seed_vs_builder`,
          value: median(ratios),
          unit: '×',
          ...(layer.name === 'builder' ? {} : { target: { op: '<=' as const, value: 1.05 } }),
          baseline: 'the builder writing the same seed in the same round, s',
          baseline_value: median(baseSeconds),
          note: `${puts} Puts and ${updates} UpdateItems, ${IN_FLIGHT} in flight, on DynamoDB Local: ${own.map((s) => s.toFixed(1)).join(', ')} s over ${ROUNDS} rounds (ratio ${spread(ratios)})`,
        });
      }
      figures.push({
        name: 'entity_layer.items_differing',
        value: differing,
        unit: 'items',
        target: { op: '<=', value: 0 },
        note: "a sample of the last submission's items, read back from each layer's table, against the builder's (electrodb's own attributes aside)",
      });
    });

    progress('bundling the history ingestion function with each layer');
    const alone = await bundleSize();
    for (const layer of ['builder', 'electrodb', 'toolbox']) {
      const size = await bundleSize(layer);
      figures.push({
        name: `entity_layer.${layer}_bundle_gzip_kb`,
        value: (size.gzip - alone.gzip) / 1024,
        unit: 'KB',
        baseline: 'lambdas/events/ingest-chunk.ts bundled alone, gzip KB',
        baseline_value: alone.gzip / 1024,
        ratio: size.gzip / alone.gzip,
        note: `added to the function: ${((size.bytes - alone.bytes) / 1024).toFixed(1)} KB minified, ${((size.gzip - alone.gzip) / 1024).toFixed(1)} KB gzip (the function alone: ${(alone.bytes / 1024).toFixed(0)} KB, ${(alone.gzip / 1024).toFixed(0)} KB gzip)`,
      });
    }
    return figures;
  },
};
