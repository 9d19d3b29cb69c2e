import { createHash, randomBytes } from 'node:crypto';

/**
 * Codes in Canopy are a letter and random hex (app `a…`, menu node `n…`, field `f…`, view `v…`,
 * flow `w…`, shortcut `d…`); physical names embed them (`d_<table>`, `f_<field>`). An install gives
 * every code of the package a fresh one of the same shape and rewrites every mention of it in the
 * manifest's text — settings, filters, flow definitions, widgets, rules — so whatever a later module
 * stores in its JSON follows without code here. Codes of other apps (a relation to a table outside
 * the package) are left as they are.
 */
export class CodeMap {
  private readonly map = new Map<string, string>();

  /** A fresh code for `old`, with its letter and length. */
  add(old: string): string {
    const known = this.map.get(old);
    if (known) return known;
    const hexLength = Math.max(old.length - 1, 8);
    const fresh = `${old[0] ?? 'x'}${randomBytes(Math.ceil(hexLength / 2))
      .toString('hex')
      .slice(0, hexLength)}`;
    this.map.set(old, fresh);
    return fresh;
  }

  /** `old` becomes `fresh` (the app's code, chosen when the task starts). */
  set(old: string, fresh: string): void {
    this.map.set(old, fresh);
  }

  /** Old code → new code, for the record of what an install called what. */
  toJSON(): Record<string, string> {
    return Object.fromEntries(this.map);
  }

  get(old: string): string | undefined {
    return this.map.get(old);
  }

  /** Every whole-word mention of an old code in `text`, replaced by its new code. */
  rewrite(text: string): string {
    if (!this.map.size) return text;
    const alternatives = [...this.map.keys()]
      .sort((a, b) => b.length - a.length)
      .map((c) => c.replace(/[^A-Za-z0-9_-]/g, (ch) => `\\${ch}`));
    const pattern = new RegExp(`(?<![A-Za-z0-9])(${alternatives.join('|')})(?![A-Za-z0-9])`, 'g');
    return text.replace(pattern, (code) => this.map.get(code) ?? code);
  }
}

/**
 * New ids for records and files: derived from the old id and the task, so no map of 100,000 ids
 * is kept, a relation in one table finds the new id of a record in another, and a restart finishing
 * a committed install knows each staged file's new name.
 */
export function derivedId(salt: string, old: string): string {
  const h = createHash('sha256').update(salt).update('\0').update(old).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
