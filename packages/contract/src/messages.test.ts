import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Languages } from './i18n.js';
import { FieldLabels, ServerMessages, ShellMessages } from './messages.js';

type Catalogue = Record<string, Record<string, unknown>>;

const partsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'messages');

/** Every `<Name>Messages` object the files in messages/ export, by file. */
async function parts(): Promise<{ file: string; name: string; messages: Catalogue }[]> {
  const out: { file: string; name: string; messages: Catalogue }[] = [];
  for (const file of fs
    .readdirSync(partsDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()) {
    const mod = (await import(path.join(partsDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod))
      if (name.endsWith('Messages')) out.push({ file, name, messages: value as Catalogue });
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server messages', () => {
  const catalogues: [string, Catalogue][] = [
    ['ServerMessages', ServerMessages],
    ['ShellMessages', ShellMessages],
    ['FieldLabels', FieldLabels],
  ];

  it('has a text in every language, and only those, for every key', () => {
    for (const [name, catalogue] of catalogues)
      for (const [key, texts] of Object.entries(catalogue)) {
        expect(Object.keys(texts).sort(), `${name} ${key}`).toEqual([...Languages].sort());
        for (const lang of Languages) {
          const text = texts[lang];
          expect(typeof text === 'string' && text.trim().length > 0, `${name} ${key} ${lang}`).toBe(true);
        }
      }
  });

  it('names the same placeholders in every language', () => {
    for (const [name, catalogue] of catalogues)
      for (const [key, texts] of Object.entries(catalogue)) {
        const zh = placeholders(String(texts.zh));
        for (const lang of Languages) expect(placeholders(String(texts[lang])), `${name} ${key} ${lang}`).toEqual(zh);
      }
  });

  it('is assembled from its per-domain parts, each key in exactly one part', async () => {
    const found = await parts();
    expect(found.length).toBeGreaterThan(10);
    const owner = new Map<string, string>();
    for (const { file, messages } of found)
      for (const key of Object.keys(messages)) {
        // The shell's messages are spread into one part (teams.ts) and live in messages-shell.ts.
        expect(owner.get(key), `${key} in ${file} and ${owner.get(key)}`).toBeUndefined();
        owner.set(key, file);
        expect((ServerMessages as Catalogue)[key], `${key} of ${file} assembled`).toBe(messages[key]);
      }
    expect([...owner.keys()].sort()).toEqual(Object.keys(ServerMessages).sort());
    for (const key of Object.keys(ShellMessages)) expect(owner.has(key), key).toBe(true);
  });
});
