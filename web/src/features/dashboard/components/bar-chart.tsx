import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatCompact, formatCount } from '@/lib/format';
import { niceCeiling } from '../utils/chart';

export interface ChartSeries {
  key: string;
  label: string;
  /** A Mantine colour variable, e.g. var(--mantine-color-blue-6). */
  color: string;
}
export interface ChartPoint {
  /** Axis label, e.g. 'Jun'. */
  label: string;
  /** Full label for tooltips and the table, e.g. 'Jun 2026'. */
  fullLabel: string;
  values: Record<string, number>;
}

const W = 560;
const H = 200;
const M = { top: 10, right: 8, bottom: 26, left: 44 };

/**
 * A small SVG bar chart, stacked when given several series. The picture is hidden from screen readers,
 * which get the same figures as a table instead; each bar names its month and value on hover.
 */
export function BarChart({
  title,
  points,
  series,
  emptyText,
}: {
  title: string;
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  emptyText: string;
}) {
  const total = (p: ChartPoint) => series.reduce((sum, s) => sum + (p.values[s.key] ?? 0), 0);
  const top = niceCeiling(Math.max(0, ...points.map(total)));
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const slot = plotW / Math.max(1, points.length);
  const barW = Math.min(32, slot * 0.62);
  const y = (value: number) => M.top + plotH - (value / top) * plotH;
  const empty = points.every((p) => total(p) === 0);

  return (
    <Stack gap={6} component="figure" m={0}>
      <Text fw={600} component="figcaption">
        {title}
      </Text>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="presentation" aria-hidden style={{ display: 'block', maxHeight: 260 }}>
        {/* Counts are whole numbers: a halfway line is drawn only when it is one. */}
        {[0, ...(Number.isInteger(top / 2) ? [0.5] : []), 1].map((f) => (
          <g key={f}>
            <line
              x1={M.left}
              x2={W - M.right}
              y1={y(top * f)}
              y2={y(top * f)}
              style={{ stroke: 'var(--mantine-color-gray-3)' }}
              strokeDasharray={f === 0 ? undefined : '3 3'}
            />
            <text x={M.left - 8} y={y(top * f) + 4} textAnchor="end" fontSize={12} style={{ fill: 'var(--mantine-color-dimmed)' }}>
              {formatCompact(top * f)}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const x = M.left + i * slot + (slot - barW) / 2;
          let base = 0;
          return (
            <g key={p.fullLabel}>
              {series.map((s) => {
                const value = p.values[s.key] ?? 0;
                if (value <= 0) return null;
                const rect = (
                  <rect key={s.key} x={x} y={y(base + value)} width={barW} height={y(base) - y(base + value)} rx={2} style={{ fill: s.color }}>
                    <title>{`${p.fullLabel} · ${s.label}: ${formatCount(value)}`}</title>
                  </rect>
                );
                base += value;
                return rect;
              })}
              <text x={M.left + i * slot + slot / 2} y={H - 8} textAnchor="middle" fontSize={12} style={{ fill: 'var(--mantine-color-dimmed)' }}>
                {p.label}
              </text>
            </g>
          );
        })}
        {empty && (
          <text x={M.left + plotW / 2} y={M.top + plotH / 2} textAnchor="middle" fontSize={13} style={{ fill: 'var(--mantine-color-dimmed)' }}>
            {emptyText}
          </text>
        )}
      </svg>
      {series.length > 1 && (
        <Group gap="md" aria-hidden>
          {series.map((s) => (
            <Group key={s.key} gap={6}>
              <span style={{ width: 10, height: 10, borderRadius: 2, background: s.color, display: 'inline-block' }} />
              <Text size="xs" c="dimmed">
                {s.label}
              </Text>
            </Group>
          ))}
        </Group>
      )}
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.fullLabel}>
                <th scope="row">{p.fullLabel}</th>
                {series.map((s) => (
                  <td key={s.key}>{formatCount(p.values[s.key] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Stack>
  );
}
