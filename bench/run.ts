import { parseArgs } from 'node:util';
import { writePerRowCosts } from '../capacity/per-row-costs.js';
import { compareRevisions } from './compare.js';
import { costsBench } from './costs.js';
import { entityLayerBench } from './entity-layer.js';
import { figureLine, figuresJson, passes, type Bench, type Figure } from './figures.js';
import { fraudBench } from './fraud.js';
import { historyBench } from './history.js';
import { ingestBench } from './ingest.js';
import { loadBench } from './load.js';
import { mandatesBench } from './mandates.js';
import { metricsBench } from './metrics.js';
import { outboxBench } from './outbox.js';
import { parseBench } from './parse.js';
import { readsBench } from './reads.js';
import { reconciliationBench } from './reconciliation.js';
import { registerDifferenceBench } from './register-difference.js';
import { registerBench } from './register.js';
import { signalsBench } from './signals.js';
import { webBench } from './web.js';

/** Every benchmark, in the order they run: adding one is one line here. */
const BENCHES: Bench[] = [
  parseBench,
  costsBench,
  ingestBench,
  fraudBench,
  loadBench,
  historyBench,
  entityLayerBench,
  metricsBench,
  readsBench,
  signalsBench,
  registerBench,
  registerDifferenceBench,
  mandatesBench,
  outboxBench,
  reconciliationBench,
  webBench,
];

const USAGE = `Usage: npm run bench -- [--only NAME[,NAME]] [--json] [--write-costs] [--against REV [--after REV] [--rounds N]]
  --only NAME    run these benchmarks (${BENCHES.map((bench) => bench.name).join(', ')}), comma-separated
  --json         print one JSON object: { figure: { value, unit, target, baseline?, baseline_value?, ratio?, pass } }
  --write-costs  keep the figures the capacity model reads in capacity/per-row-costs.json (npm run capacity)
  --against REV  run the --only benchmarks on the commit REV and on this working tree, in turn over --rounds N
                 (default 3) rounds, and print the medians and after / before (bench/compare.ts)
  --after REV    with --against: take the commit REV as "after" in place of this working tree
Timings are figures to read, never test assertions. The exit status is 1 when a figure misses its target.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      json: { type: 'boolean', default: false },
      'write-costs': { type: 'boolean', default: false },
      against: { type: 'string' },
      after: { type: 'string' },
      rounds: { type: 'string', default: '3' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const names = values.only?.split(',').map((name) => name.trim());
  const selected = names === undefined ? BENCHES : BENCHES.filter((bench) => names.includes(bench.name));
  if (selected.length === 0 || selected.length !== (names ?? selected).length) {
    console.error(`No benchmark named '${values.only}'.\n\n${USAGE}`);
    return 2;
  }
  if (values.against !== undefined) {
    const rounds = Number(values.rounds);
    if (!names || !Number.isInteger(rounds) || rounds < 1) {
      console.error(`--against needs --only and a whole number of --rounds.\n\n${USAGE}`);
      return 2;
    }
    return compareRevisions({ against: values.against, after: values.after, benches: selected.map((bench) => bench.name), rounds, json: values.json });
  }
  const figures: Figure[] = [];
  for (const bench of selected) {
    if (!values.json) console.log(`${bench.name}`);
    const measured = await bench.run();
    figures.push(...measured);
    if (!values.json) for (const figure of measured) console.log(figureLine(figure) + (figure.note ? `\n      ${figure.note}` : ''));
  }
  if (values.json) console.log(JSON.stringify(figuresJson(figures)));
  if (values['write-costs']) {
    const updated = writePerRowCosts(figures);
    // On stderr, so that --json stays one JSON object on stdout.
    console.error(updated.length ? `capacity/per-row-costs.json: ${updated.join(', ')}` : 'capacity/per-row-costs.json: no figure of this run feeds it');
  }
  return figures.every(passes) ? 0 : 1;
}

process.exitCode = await main();
