/** A target a figure must meet: at least (>=) or at most (<=) this value. */
export interface Target {
  op: '>=' | '<=';
  value: number;
}

/** One measured figure, beside the baseline it is compared with when there is one. */
export interface Figure {
  /** Unique across benchmarks: 'parse.rows_per_s'. */
  name: string;
  value: number;
  unit: string;
  target?: Target;
  /** What the figure is compared with, and that baseline's value measured in the same run. */
  baseline?: string;
  baseline_value?: number;
  /** value / baseline_value. */
  ratio?: number;
  /** A line of context for people reading the console output. */
  note?: string;
}

/** A benchmark module: `npm run bench` runs each in turn, `--only NAME` one of them. */
export interface Bench {
  name: string;
  run(): Promise<Figure[]>;
}

export function passes(figure: Figure): boolean {
  if (!figure.target) return true;
  return figure.target.op === '>=' ? figure.value >= figure.target.value : figure.value <= figure.target.value;
}

const round = (value: number): number => (Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100);

/** The --json shape: { name: { value, unit, target, baseline?, baseline_value?, ratio?, pass } }. */
export function figuresJson(figures: readonly Figure[]): Record<string, unknown> {
  return Object.fromEntries(
    figures.map((figure) => [
      figure.name,
      {
        value: round(figure.value),
        unit: figure.unit,
        target: figure.target ? `${figure.target.op} ${figure.target.value}` : null,
        ...(figure.baseline === undefined ? {} : { baseline: figure.baseline }),
        ...(figure.baseline_value === undefined ? {} : { baseline_value: round(figure.baseline_value) }),
        ...(figure.ratio === undefined ? {} : { ratio: round(figure.ratio) }),
        pass: passes(figure),
      },
    ]),
  );
}

const number = (value: number): string => round(value).toLocaleString('en-US');

export function figureLine(figure: Figure): string {
  const target = figure.target ? `target ${figure.target.op} ${number(figure.target.value)} ${figure.unit}` : '';
  const baseline =
    figure.baseline === undefined
      ? ''
      : `vs ${figure.baseline}${figure.baseline_value === undefined ? '' : ` ${number(figure.baseline_value)}`}${figure.ratio === undefined ? '' : ` (${number(figure.ratio)}×)`}`;
  const verdict = figure.target ? (passes(figure) ? 'PASS' : 'FAIL') : '';
  return [`  ${figure.name.padEnd(34)} ${`${number(figure.value)} ${figure.unit}`.padEnd(20)}`, target.padEnd(30), baseline, verdict]
    .filter(Boolean)
    .join('  ');
}
