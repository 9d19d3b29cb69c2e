/**
 * A bounded HTTP load loop on loopback: `total` requests, `concurrency` at a time. Reports
 * requests per second and latency percentiles. Stops by itself; never targets anything but the
 * server the benchmark started.
 */
export interface LoadResult {
  label: string;
  total: number;
  concurrency: number;
  rps: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const idx = Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length));
  return sorted[idx] ?? 0;
}

export async function load(
  label: string,
  url: string,
  options: { total: number; concurrency: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < options.total) {
      next += 1;
      const t0 = performance.now();
      try {
        const res = await fetch(url, { headers: options.headers });
        await res.arrayBuffer();
        if (!res.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    label,
    total: options.total,
    concurrency: options.concurrency,
    rps: Math.round(options.total / seconds),
    p50ms: round(percentile(latencies, 50)),
    p95ms: round(percentile(latencies, 95)),
    p99ms: round(percentile(latencies, 99)),
    errors,
  };
}
