import type { ImportJob } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import { importPercent, importPhase } from './import-progress';

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: 'j',
  fileName: 'a.csv',
  state: 'running',
  mode: 'atomic',
  columns: [],
  mapping: {},
  preview: [],
  total: 1_000,
  processed: 0,
  created: 0,
  written: 0,
  failed: 0,
  message: '',
  createdAt: 0,
  ...over,
});

describe('import progress', () => {
  it('all or nothing: half for checking every row, half for writing them, in chunks as they go', () => {
    expect(importPercent(job({ processed: 500 }))).toBe(25);
    expect(importPhase(job({ processed: 500 }))).toBe('checking');
    expect(importPercent(job({ processed: 1_000 }))).toBe(50);
    expect(importPhase(job({ processed: 1_000 }))).toBe('checking');
    expect(importPercent(job({ processed: 1_000, written: 400 }))).toBe(70);
    expect(importPhase(job({ processed: 1_000, written: 400 }))).toBe('writing');
    expect(importPercent(job({ processed: 1_000, written: 1_000, created: 1_000 }))).toBe(100);
    expect(importPhase(job({ processed: 1_000, written: 1_000, created: 1_000 }))).toBe('running');
  });

  it('skip bad rows: the rows processed; an empty sheet is 0', () => {
    expect(importPercent(job({ mode: 'skip', processed: 250, written: 200, created: 200 }))).toBe(25);
    expect(importPhase(job({ mode: 'skip', processed: 250 }))).toBe('running');
    expect(importPercent(job({ total: 0 }))).toBe(0);
  });
});
