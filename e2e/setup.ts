import { afterAll, beforeEach, expect } from 'vitest';
import { cspViolations, pageErrors } from './harness.js';

/**
 * A browser test file is a story: its tests build on one another's teams, apps and records. After
 * one fails, the rest of its file is skipped rather than run into a state the story never reached,
 * so a red run names the one test that broke, not a cascade of failures that follow from it.
 */
let broken: string | null = null;

beforeEach((context) => {
  if (broken) context.skip(`skipped: "${broken}" failed earlier in this file`);
  context.onTestFailed(() => {
    broken ??= context.task.name;
  });
});

/**
 * After every browser test file: no page threw an uncaught error and nothing broke the server's
 * Content-Security-Policy, whatever the file itself checked.
 */
afterAll(() => {
  expect(pageErrors(), 'uncaught errors in the pages of this file').toEqual([]);
  expect(cspViolations(), 'Content-Security-Policy violations in this file').toEqual([]);
});
