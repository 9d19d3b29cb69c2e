import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Db, REPO_ROOT } from '../million/common.js';
import {
  count,
  defaultWorkflowDir,
  generateWorkflow,
  readWorkflowManifest,
  removeWorkflowDataSet,
  type WorkflowManifest,
} from './generate.js';

/**
 * The command line the workflow benches share: `--db sqlite|postgres|both`, `--running`, `--items`,
 * `--dir`, `--samples`, `--keep`. For each database it takes the kept data set (or generates it),
 * runs the bench, writes `bench/results/<name>-<db>-<items>.json` and prints the report.
 */
export async function runWorkflowCommand<R>(
  name: string,
  bench: (manifest: WorkflowManifest, samples: number) => Promise<R>,
  report: (results: R) => string,
): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite' },
      running: { type: 'string' },
      items: { type: 'string' },
      dir: { type: 'string' },
      samples: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  const dbs: Db[] = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db === 'postgres' ? 'postgres' : 'sqlite'];
  const running = count(values.running, 10_000);
  const items = count(values.items, 1_000_000);
  const samples = count(values.samples, 300);
  for (const db of dbs) {
    const dir = (dbs.length === 1 ? values.dir : undefined) ?? defaultWorkflowDir(db, items);
    const manifest = fs.existsSync(path.join(dir, 'manifest.json'))
      ? readWorkflowManifest(dir)
      : await generateWorkflow(db, { running, items, dir });
    try {
      const results = await bench(manifest, samples);
      const out = path.join(REPO_ROOT, 'bench/results');
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, `${name}-${db}-${items}.json`), `${JSON.stringify(results, null, 2)}\n`);
      console.log(`\n${report(results)}\n`);
    } finally {
      if (!values.keep) await removeWorkflowDataSet(manifest);
    }
  }
}
