/**
 * Builds the built-in templates (issues 12 and 29): each app is made through the real API on a
 * throwaway server by its recipe (recipes/<category>.ts: tables, fields, forms, views, a published
 * flow, a dashboard, roles, sample records), exported with the package exporter (with its records)
 * and written to apps/server/templates/<id>/package.zip. The ids are those of the catalog
 * (src/modules/templates/builtin.ts). Run: `npx tsx apps/server/templates/build.ts [id...]`, then
 * `npx tsx e2e/template-previews.ts [id...]` for their screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registeredClient, startTestServer } from '../test/harness.js';
import { Builder, ok, type Recipe } from './builder.js';
import { assets, contract, meetingRoom, vehicle } from './recipes/admin.js';
import { training } from './recipes/education.js';
import { expense, payment } from './recipes/finance.js';
import { attendance, leaveApproval, recruiting } from './recipes/hr.js';
import { itTickets } from './recipes/it.js';
import { inspection, production, repair } from './recipes/production.js';
import { projectTasks } from './recipes/project.js';
import { inventory, purchase } from './recipes/purchase.js';
import { storeOps } from './recipes/retail.js';
import { complaints, crm } from './recipes/sales.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const RECIPES: Record<string, Recipe> = {
  'leave-approval': leaveApproval,
  expense,
  purchase,
  crm,
  'project-tasks': projectTasks,
  repair,
  contract,
  assets,
  'meeting-room': meetingRoom,
  vehicle,
  recruiting,
  attendance,
  payment,
  complaints,
  inventory,
  inspection,
  production,
  'it-tickets': itTickets,
  training,
  'store-ops': storeOps,
};

async function main() {
  const wanted = process.argv.slice(2);
  const server = await startTestServer();
  try {
    const { client } = await registeredClient(server, '模板作者');
    const team = await ok(client, 'POST', '/v1/corp/own/register', { corpName: '模板工坊' });
    client.headers['x-engine-code'] = team.engineCode;
    for (const [id, recipe] of Object.entries(RECIPES)) {
      if (wanted.length && !wanted.includes(id)) continue;
      const b = new Builder(client);
      await recipe(b);
      const res = await client.download(`/v1/apps/${b.appCode}/package?withBizData=true`);
      if (res.status !== 200) throw new Error(`export ${id}: ${res.status} ${res.bytes.toString().slice(0, 300)}`);
      fs.mkdirSync(path.join(here, id), { recursive: true });
      fs.writeFileSync(path.join(here, id, 'package.zip'), res.bytes);
      console.log(`${id}: ${res.bytes.length} bytes`);
    }
  } finally {
    await server.close();
  }
}

await main();
