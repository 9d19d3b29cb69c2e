import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { E2E_SECONDS } from './durations.js';

/** A file not measured yet counts as this long: new files are mostly short stories. */
const UNMEASURED_SECONDS = 45;

/**
 * Browser test files, longest first. The run's files share two workers: a long file that starts
 * last is the run's tail, with one worker idle. Vitest orders by its cache of earlier runs, which a
 * fresh clone (CI) lacks, and then by file size, which says little about a story's length: so the
 * order comes from the committed measurements in durations.ts. Other projects keep Vitest's order.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = (file: TestSpecification) => E2E_SECONDS[path.basename(file.moduleId)] ?? UNMEASURED_SECONDS;
    const e2e = sorted.filter((f) => f.project.name === 'e2e').sort((a, b) => seconds(b) - seconds(a));
    return [...sorted.filter((f) => f.project.name !== 'e2e'), ...e2e];
  }
}
