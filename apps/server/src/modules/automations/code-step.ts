import { AutomationLimits, type AutomationStep } from '@canopy/contract';
import { AppError } from '../../http/app-error.js';
import { runCode, SandboxError } from './sandbox.js';
import type { StepEnv, StepResult } from './steps.js';
import { fill } from './template.js';

/** A code step: its input (templates filled) into the sandbox, its JSON answer as the step's output. */
export async function codeStep(step: Extract<AutomationStep, { kind: 'code' }>, env: StepEnv): Promise<StepResult> {
  const input = step.input === undefined ? null : fill(step.input, env.scope);
  const cpuMs = step.cpuMs ?? AutomationLimits.codeCpuMsDefault;
  try {
    const output = await runCode(step.code, input, {
      cpuMs,
      memoryBytes: AutomationLimits.codeMemoryBytes,
      outputMax: AutomationLimits.codeOutputMax,
    });
    return { input, output };
  } catch (e) {
    if (!(e instanceof SandboxError)) throw e;
    if (e.reason === 'cpu') throw new AppError(400, 'automation.code', 'automation.codeCpu', { ms: cpuMs });
    if (e.reason === 'memory')
      throw new AppError(400, 'automation.code', 'automation.codeMemory', {
        mb: AutomationLimits.codeMemoryBytes / 1024 / 1024,
      });
    if (e.reason === 'output')
      throw new AppError(400, 'automation.code', 'automation.codeOutput', { max: AutomationLimits.codeOutputMax });
    throw new AppError(400, 'automation.code', 'automation.codeThrew', { reason: e.message });
  }
}
