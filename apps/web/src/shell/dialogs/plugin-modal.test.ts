import { describe, expect, it } from 'vitest';
import { isModalClose, pluginFrameUrl } from './plugin-modal';

const origin = 'https://canopy.example';
const frame = {} as Window;
const message = (data: unknown, from = origin, source: unknown = frame) =>
  ({ data, origin: from, source }) as unknown as MessageEvent;

describe('the plugin modal protocol', () => {
  it('closes on the agreed message from the framed page of this origin only', () => {
    expect(isModalClose(message({ type: 'iframe', event: 'modal-close' }), frame, origin)).toBe(true);
    expect(isModalClose(message({ type: 'iframe', event: 'modal-close' }, 'https://evil.example'), frame, origin)).toBe(
      false,
    );
    expect(isModalClose(message({ type: 'iframe', event: 'modal-close' }, origin, {}), frame, origin)).toBe(false);
    expect(isModalClose(message({ type: 'iframe', event: 'other' }), frame, origin)).toBe(false);
    expect(isModalClose(message('modal-close'), frame, origin)).toBe(false);
    expect(isModalClose(message(null), frame, origin)).toBe(false);
  });

  it("marks this product's pages as in the modal and leaves other sites' addresses alone", () => {
    expect(pluginFrameUrl('/app/a1/s1?add=1', origin)).toBe('/app/a1/s1?add=1&inModal=1');
    expect(pluginFrameUrl(`${origin}/home#x`, origin)).toBe('/home?inModal=1#x');
    expect(pluginFrameUrl('https://other.example/p?q=1', origin)).toBe('https://other.example/p?q=1');
  });
});
