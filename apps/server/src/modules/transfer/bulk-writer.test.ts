import { describe, expect, it } from 'vitest';
import { copyText } from './bulk-writer.js';

describe('COPY text format (issue 15)', () => {
  it('escapes what the format gives a meaning to, and only that', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyText(undefined)).toBe('\\N');
    expect(copyText('')).toBe('');
    expect(copyText('\\N')).toBe('\\\\N');
    expect(copyText('\\.')).toBe('\\\\.');
    expect(copyText('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyText('say "hi", 😀 𠮷')).toBe('say "hi", 😀 𠮷');
    expect(copyText(-0)).toBe('0');
    expect(copyText(1.5e-7)).toBe('1.5e-7');
    expect(copyText(1767580200000)).toBe('1767580200000');
    expect(copyText(true)).toBe('true');
    expect(copyText(['a\tb'])).toBe('["a\\\\tb"]'); // JSON's own escape, its backslash escaped
  });
});
