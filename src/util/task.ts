/** A timed stage of the pipeline; the timings are data so the bench can report phases. */
export interface Timing {
  label: string;
  ms: number;
}

export interface Reporter {
  info(message: string): void;
  warn(message: string): void;
}

export const silentReporter: Reporter = { info() {}, warn() {} };

export function consoleReporter(quiet = false): Reporter {
  return {
    info(message) {
      if (!quiet) process.stderr.write(`${message}\n`);
    },
    warn(message) {
      process.stderr.write(`${message}\n`);
    },
  };
}

export async function task<T>(timings: Timing[], label: string, fn: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    timings.push({ label, ms: performance.now() - start });
    if (process.env['MAPSDOCS_DEBUG_MEMORY']) {
      const m = process.memoryUsage();
      process.stderr.write(`[memory] after ${label}: heap ${(m.heapUsed / 2 ** 20).toFixed(0)} MiB, rss ${(m.rss / 2 ** 20).toFixed(0)} MiB\n`);
    }
  }
}

export function formatTimings(timings: readonly Timing[]): string {
  return timings.map((t) => `${t.label} ${t.ms.toFixed(0)} ms`).join(' · ');
}
