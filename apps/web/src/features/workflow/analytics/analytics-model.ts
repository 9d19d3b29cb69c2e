import type { WorkflowAnalytics } from '@canopy/contract';
import type { ChartOption } from './EChart';

/** Units a duration is told in, largest first. */
const UNITS = [
  { key: 'day', ms: 86_400_000 },
  { key: 'hour', ms: 3_600_000 },
  { key: 'minute', ms: 60_000 },
] as const;
export type DurationUnit = (typeof UNITS)[number]['key'];

/**
 * A duration as people say it: the two largest units that are not zero (2 天 3 小时, 45 分钟);
 * under a minute it is "less than a minute".
 */
export function durationParts(ms: number): { unit: DurationUnit; value: number }[] {
  const parts: { unit: DurationUnit; value: number }[] = [];
  let rest = Math.max(0, Math.round(ms));
  for (const u of UNITS) {
    const value = Math.floor(rest / u.ms);
    rest -= value * u.ms;
    if (value > 0 || parts.length > 0) parts.push({ unit: u.key, value });
  }
  return parts.filter((p) => p.value > 0).slice(0, 2);
}

/** Hours with one decimal: the axis unit of the duration charts. */
export const hours = (ms: number) => Math.round((ms / 3_600_000) * 10) / 10;

const PALETTE = { median: '#0e9f6e', p90: '#faad14', waiting: '#3296fa' };

interface Labels {
  median: string;
  p90: string;
  hours: string;
  instances: string;
  stateName: (state: number, result: string) => string;
}

/**
 * Slice colours that match the status tags: running blue, approved green, rejected orange, returned
 * to the originator gold, ended red/grey.
 */
export function stateColor(state: number, result: string): string {
  if (state === 4) return result === 'rejected' ? '#fa8c16' : '#0e9f6e';
  if (state === 6) return '#faad14';
  if (state === 7) return '#ff4d4f';
  if (state === 0 || state === 5) return '#bfbfbf';
  return '#1677ff';
}

export function stateChart(data: WorkflowAnalytics, l: Labels): ChartOption {
  return {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['45%', '70%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { formatter: '{b}: {c}' },
        data: data.instancesByState.map((s) => ({
          name: l.stateName(s.instanceState, s.result),
          value: s.count,
          itemStyle: { color: stateColor(s.instanceState, s.result) },
        })),
      },
    ],
  };
}

/** Median and 90th percentile per item (nodes or approvers), in hours, as grouped bars. */
export function durationChart(items: { name: string; medianMs: number; p90Ms: number }[], l: Labels): ChartOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${v} ${l.hours}` },
    legend: { bottom: 0 },
    grid: { left: 8, right: 24, top: 16, bottom: 56, containLabel: true },
    xAxis: { type: 'value', name: l.hours, nameLocation: 'middle', nameGap: 24 },
    yAxis: { type: 'category', data: items.map((i) => i.name), inverse: true },
    series: [
      { name: l.median, type: 'bar', data: items.map((i) => hours(i.medianMs)), itemStyle: { color: PALETTE.median } },
      { name: l.p90, type: 'bar', data: items.map((i) => hours(i.p90Ms)), itemStyle: { color: PALETTE.p90 } },
    ],
  };
}

export function waitingChart(data: WorkflowAnalytics, l: Labels): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 32, top: 16, bottom: 24, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, name: l.instances, nameLocation: 'middle', nameGap: 24 },
    yAxis: { type: 'category', data: data.waiting.map((w) => w.activityName), inverse: true },
    series: [
      {
        name: l.instances,
        type: 'bar',
        data: data.waiting.map((w) => w.instances),
        itemStyle: { color: PALETTE.waiting },
        label: { show: true, position: 'right' },
      },
    ],
  };
}

/** A chart's height for this many bars (each category needs room for two bars and its label). */
export const barsHeight = (count: number) => Math.max(160, Math.min(600, 60 + count * 48));
