/** Rewrites packages/contract/src/web.gen.ts (see src/web-entry.ts). `npx tsx packages/contract/scripts/gen-web-entry.ts` */
import fs from 'node:fs/promises';
import path from 'node:path';
import { renderWebEntry } from '../src/web-entry.js';

const src = path.resolve(import.meta.dirname, '../src');
await fs.writeFile(path.join(src, 'web.gen.ts'), await renderWebEntry(src));
console.log('wrote packages/contract/src/web.gen.ts');
