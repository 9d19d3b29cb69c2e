import type { WorkflowAnalytics } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import { barsHeight, durationChart, durationParts, hours, stateChart } from './analytics-model';

const labels = {
  median: '中位数',
  p90: 'P90',
  hours: '小时',
  instances: '条',
  stateName: (state: number, result: string) => `${state}${result}`,
};

describe('analytics model', () => {
  it('tells a duration by its two largest units', () => {
    expect(durationParts(0)).toEqual([]);
    expect(durationParts(59_000)).toEqual([]);
    expect(durationParts(45 * 60_000)).toEqual([{ unit: 'minute', value: 45 }]);
    expect(durationParts(2 * 86_400_000 + 3 * 3_600_000 + 5 * 60_000)).toEqual([
      { unit: 'day', value: 2 },
      { unit: 'hour', value: 3 },
    ]);
    expect(durationParts(86_400_000 + 5 * 60_000)).toEqual([
      { unit: 'day', value: 1 },
      { unit: 'minute', value: 5 },
    ]);
  });

  it('charts durations in hours with one decimal', () => {
    expect(hours(5_400_000)).toBe(1.5);
    const option = durationChart([{ name: '主管审批', medianMs: 3_600_000, p90Ms: 7_200_000 }], labels) as {
      series: { data: number[] }[];
      yAxis: { data: string[] };
    };
    expect(option.yAxis.data).toEqual(['主管审批']);
    expect(option.series.map((s) => s.data)).toEqual([[1], [2]]);
  });

  it('names each state slice', () => {
    const data = {
      instancesByState: [
        { instanceState: 2, result: '', count: 3 },
        { instanceState: 4, result: 'approved', count: 5 },
      ],
    } as WorkflowAnalytics;
    const option = stateChart(data, labels) as { series: { data: { name: string; value: number }[] }[] };
    expect(option.series[0]?.data).toEqual([
      { name: '2', value: 3, itemStyle: { color: '#1677ff' } },
      { name: '4approved', value: 5, itemStyle: { color: '#0e9f6e' } },
    ]);
  });

  it('grows a bar chart with its bars, within limits', () => {
    expect(barsHeight(1)).toBe(160);
    expect(barsHeight(5)).toBe(300);
    expect(barsHeight(100)).toBe(600);
  });
});
