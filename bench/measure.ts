/** Small timing helpers shared by the benchmarks: figures, never assertions. */

/** Run `fn` `iterations` times (after a warm-up) and return microseconds per call. */
export async function microsPerCall(fn: () => unknown, iterations: number, warmup = Math.min(1000, iterations)): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await fn();
  return Number(process.hrtime.bigint() - start) / 1000 / iterations;
}

/** Percentile of a sorted-in-place sample. */
export function percentile(sample: number[], p: number): number {
  sample.sort((a, b) => a - b);
  return sample[Math.min(sample.length - 1, Math.floor((p / 100) * sample.length))] ?? NaN;
}

/** Format a number with a fixed number of decimals, right-aligned. */
export const fmt = (value: number, digits = 1, width = 10) => value.toFixed(digits).padStart(width);

/**
 * Sample peak RSS and peak V8 heap in use while `work` runs: every 5 ms, once `work` has started
 * what it starts synchronously (a burst that starves the timer), and once at the end.
 */
export async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakRssMb: number; peakHeapMb: number }> {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    heap = Math.max(heap, usage.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 5);
  try {
    const started = work();
    // Once more when `work` has started everything it starts synchronously (the timer cannot fire then).
    sample();
    const result = await started;
    sample();
    return { result, peakRssMb: rss / 1024 / 1024, peakHeapMb: heap / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}
