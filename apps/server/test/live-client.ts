import { livePath } from '@canopy/contract';

/** One open event stream as a browser tab holds it: the events it received, in order. */
export class LiveStream {
  readonly events: string[] = [];
  /** The data line of each event, in the same order. */
  readonly data: string[] = [];
  status = 0;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];

  static async open(baseUrl: string, engineCode: string, cookie: string | undefined): Promise<LiveStream> {
    return LiveStream.openPath(baseUrl, livePath(engineCode), cookie);
  }

  /** Any stream path: the user's own (USER_LIVE_PATH) among them. */
  static async openPath(baseUrl: string, path: string, cookie: string | undefined): Promise<LiveStream> {
    const s = new LiveStream();
    const res = await fetch(baseUrl + path, {
      headers: cookie ? { cookie: `canopy_sid=${cookie}` } : {},
      signal: s.abort.signal,
    });
    s.status = res.status;
    if (res.ok && res.body) void s.read(res.body.getReader());
    else await res.text();
    return s;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (\w+)$/m.exec(block)?.[1];
          if (type) {
            this.events.push(type);
            this.data.push(/^data: (.*)$/m.exec(block)?.[1] ?? '');
          }
          end = buffer.indexOf('\n\n');
        }
        for (const w of this.waiters.splice(0)) w();
      }
    } catch {
      // closed
    }
  }

  /** Resolves once `count` events of this type have arrived; fails after `ms`. */
  async waitFor(type: string, count = 1, ms = 30_000): Promise<number> {
    const started = Date.now();
    while (this.events.filter((e) => e === type).length < count) {
      const left = ms - (Date.now() - started);
      if (left <= 0) throw new Error(`no ${type} event within ${ms} ms (got ${this.events.join(',')})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return Date.now() - started;
  }

  close(): void {
    this.abort.abort();
  }
}
