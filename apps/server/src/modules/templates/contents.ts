import type { TemplateContents } from '@canopy/contract';
import yauzl from 'yauzl';

/** The manifest.json of a package on disk (only that entry is read). */
export function readManifest(zipPath: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('unreadable package'));
      zip.on('error', reject);
      zip.on('end', () => reject(new Error('package without manifest.json')));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'manifest.json') return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('unreadable manifest'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            zip.close();
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
            } catch (parse) {
              reject(parse);
            }
          });
        });
      });
      zip.readEntry();
    });
  });
}

interface NodeLike {
  code?: unknown;
  type?: unknown;
  displayName?: unknown;
}
interface FlowLike {
  schemaCode?: unknown;
  name?: unknown;
  published?: unknown;
}

/** What a package holds, by name, in menu order: tables, published flows, dashboards, custom pages. */
export function contentsOf(manifest: Record<string, unknown>): TemplateContents {
  const parts = (manifest.parts ?? {}) as Record<string, unknown[]>;
  const nodes = (parts.nodes ?? []) as NodeLike[];
  const named = (type: string) => nodes.filter((n) => n.type === type).map((n) => String(n.displayName ?? ''));
  const tableName = new Map(nodes.map((n) => [n.code, String(n.displayName ?? '')]));
  const flows = ((parts.workflows ?? []) as FlowLike[])
    .filter((f) => typeof f.published === 'string' && f.published)
    .map((f) => String(f.name || tableName.get(f.schemaCode) || ''));
  return {
    tables: named('Schema'),
    flows,
    dashboards: named('Dashboard'),
    pages: named('UserModule'),
  };
}
