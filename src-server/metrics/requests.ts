import type { Exposition } from './exposition';

/** Upper bounds of the latency buckets, in seconds: from a cached read (a few ms) to a stuck request. */
export const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** One route label's numbers: answers per status class and a latency histogram (per-bucket, not cumulative). */
type RouteSeries = {
  byStatusClass: Float64Array;
  buckets: Float64Array;
  sumSeconds: number;
};

/**
 * Request counts and latencies by route label. The labels come from a fixed set (routeLabel in
 * request-metrics.ts), never from the raw path, so a stranger requesting random addresses cannot make
 * this grow; each label's series is made the first time it is used, and recording a request after that
 * only increments numbers.
 */
export type RequestMetrics = {
  observe(route: string, status: number, seconds: number): void;
  write(out: Exposition): void;
};

export function createRequestMetrics(): RequestMetrics {
  const series = new Map<string, RouteSeries>();
  return {
    observe(route, status, seconds) {
      let entry = series.get(route);
      if (!entry) {
        entry = {
          byStatusClass: new Float64Array(STATUS_CLASSES.length),
          buckets: new Float64Array(LATENCY_BUCKETS_S.length + 1),
          sumSeconds: 0,
        };
        series.set(route, entry);
      }
      const statusClass = Math.min(Math.max(Math.floor(status / 100), 1), 5) - 1;
      entry.byStatusClass[statusClass] = (entry.byStatusClass[statusClass] ?? 0) + 1;
      let bucket = 0;
      while (bucket < LATENCY_BUCKETS_S.length && seconds > (LATENCY_BUCKETS_S[bucket] ?? 0)) bucket++;
      entry.buckets[bucket] = (entry.buckets[bucket] ?? 0) + 1;
      entry.sumSeconds += seconds;
    },
    write(out) {
      const routes = [...series.keys()].sort();
      out.family('schoolbox_http_requests_total', 'counter', 'HTTP requests answered, by route and status class.');
      for (const route of routes) {
        const entry = series.get(route) as RouteSeries;
        STATUS_CLASSES.forEach((statusClass, i) => {
          const count = entry.byStatusClass[i] ?? 0;
          if (count > 0) out.sample('schoolbox_http_requests_total', { route, status_class: statusClass }, count);
        });
      }
      out.family('schoolbox_http_request_duration_seconds', 'histogram', 'Time from receiving a request to its answer, by route.');
      for (const route of routes) {
        const entry = series.get(route) as RouteSeries;
        out.histogram('schoolbox_http_request_duration_seconds', { route }, LATENCY_BUCKETS_S, entry.buckets, entry.sumSeconds);
      }
    },
  };
}
