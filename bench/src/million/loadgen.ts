/**
 * A bounded request loop on loopback over keep-alive node:http connections (lighter than fetch, so
 * the generator, which shares the two cores with the server, takes less from it). Reports client
 * round trips and the server's own time from its `server-timing: app;dur=<ms>` header (a peer's
 * `xc-db-response: <ms>` where there is none).
 */
import http from 'node:http';

export interface Shot {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface LoadStats {
  requests: number;
  concurrency: number;
  seconds: number;
  rps: number;
  errors: number;
  /** Round trip seen by the client, ms. */
  clientP50: number;
  clientP95: number;
  /** Server time from the server-timing header, ms. */
  serverP50: number;
  serverP95: number;
  serverP99: number;
  /** The server process's CPU time per request (server-timing `cpu;dur`), ms: sequential runs only. */
  cpuP50: number;
  cpuP95: number;
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[idx] ?? 0) * 100) / 100;
}

export interface Answer {
  status: number;
  serverMs: number;
  cpuMs: number;
  body: string;
}

/** One request; the body is kept only when asked (checking answers), otherwise drained. */
export function send(agent: http.Agent, shot: Shot, keepBody = false): Promise<Answer> {
  const url = new URL(shot.url);
  const payload = shot.body === undefined ? undefined : JSON.stringify(shot.body);
  const headers: Record<string, string> = { ...shot.headers };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: shot.method, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          if (keepBody) chunks.push(c);
        });
        res.on('end', () => {
          const header = String(res.headers['server-timing'] ?? '');
          // A peer without server-timing (NocoDB: its own `xc-db-response` ms, bench/src/peer/).
          const timing = /dur=([\d.]+)/.exec(header) ?? /^([\d.]+)/.exec(String(res.headers['xc-db-response'] ?? ''));
          const cpu = /cpu;dur=([\d.]+)/.exec(header);
          resolve({
            status: res.statusCode ?? 0,
            serverMs: timing ? Number(timing[1]) : Number.NaN,
            cpuMs: cpu ? Number(cpu[1]) : Number.NaN,
            body: keepBody ? Buffer.concat(chunks).toString('utf8') : '',
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/**
 * `total` requests, or as many as fit in `seconds` (after `warmup` unmeasured ones), `concurrency`
 * at a time over that many keep-alive connections. `shots` is cycled, so requests can be mixed.
 */
export async function run(
  shots: Shot[],
  opts: { total?: number; seconds?: number; concurrency: number; warmup?: number },
  onTick?: () => void,
): Promise<LoadStats> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  try {
    const warm = opts.warmup ?? 0;
    let w = 0;
    await Promise.all(
      Array.from({ length: Math.min(opts.concurrency, Math.max(warm, 1)) }, async () => {
        while (w < warm) {
          const shot = shots[w++ % shots.length] as Shot;
          await send(agent, shot);
        }
      }),
    );
    const client: number[] = [];
    const server: number[] = [];
    const cpu: number[] = [];
    let errors = 0;
    let next = 0;
    const tick = onTick ? setInterval(onTick, 250) : null;
    const started = performance.now();
    const deadline = opts.seconds ? started + opts.seconds * 1000 : Number.POSITIVE_INFINITY;
    const total = opts.total ?? Number.POSITIVE_INFINITY;
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (next < total && performance.now() < deadline) {
          const shot = shots[next++ % shots.length] as Shot;
          const t0 = performance.now();
          try {
            const a = await send(agent, shot);
            if (a.status !== 200) errors += 1;
            if (!Number.isNaN(a.serverMs)) server.push(a.serverMs);
            if (!Number.isNaN(a.cpuMs)) cpu.push(a.cpuMs);
          } catch {
            errors += 1;
          }
          client.push(performance.now() - t0);
        }
      }),
    );
    const secondsTaken = (performance.now() - started) / 1000;
    if (tick) clearInterval(tick);
    return {
      requests: client.length,
      concurrency: opts.concurrency,
      seconds: Math.round(secondsTaken * 10) / 10,
      rps: Math.round(client.length / secondsTaken),
      errors,
      clientP50: percentile(client, 50),
      clientP95: percentile(client, 95),
      serverP50: percentile(server, 50),
      serverP95: percentile(server, 95),
      serverP99: percentile(server, 99),
      cpuP50: percentile(cpu, 50),
      cpuP95: percentile(cpu, 95),
    };
  } finally {
    agent.destroy();
  }
}
