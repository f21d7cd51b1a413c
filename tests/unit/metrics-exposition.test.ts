import { describe, expect, it } from 'vitest';
import { isLoopback, metricsAccess } from '@server/metrics/access';
import { Exposition } from '@server/metrics/exposition';
import { createRequestMetrics } from '@server/metrics/requests';

describe('the Prometheus text exposition', () => {
  it('escapes label values and help text, and writes special values', () => {
    const text = new Exposition()
      .family('x_total', 'counter', 'Line one\nback\\slash')
      .sample('x_total', { path: 'a"b\\c\nd' }, 1)
      .sample('x_total', {}, Number.NaN)
      .sample('x_total', { le: '+Inf' }, Number.POSITIVE_INFINITY)
      .text();
    expect(text).toBe(
      [
        '# HELP x_total Line one\\nback\\\\slash',
        '# TYPE x_total counter',
        'x_total{path="a\\"b\\\\c\\nd"} 1',
        'x_total NaN',
        'x_total{le="+Inf"} +Inf',
        '',
      ].join('\n'),
    );
  });

  it('writes a histogram with cumulative buckets, the +Inf bucket equal to the count', () => {
    const metrics = createRequestMetrics();
    metrics.observe('page', 200, 0.003);
    metrics.observe('page', 200, 0.3);
    metrics.observe('page', 503, 60);
    const out = new Exposition();
    metrics.write(out);
    const lines = out.text().split('\n');
    expect(lines).toContain('schoolbox_http_requests_total{route="page",status_class="2xx"} 2');
    expect(lines).toContain('schoolbox_http_requests_total{route="page",status_class="5xx"} 1');
    expect(lines).toContain('schoolbox_http_request_duration_seconds_bucket{route="page",le="0.005"} 1');
    expect(lines).toContain('schoolbox_http_request_duration_seconds_bucket{route="page",le="0.25"} 1');
    expect(lines).toContain('schoolbox_http_request_duration_seconds_bucket{route="page",le="0.5"} 2');
    expect(lines).toContain('schoolbox_http_request_duration_seconds_bucket{route="page",le="10"} 2');
    expect(lines).toContain('schoolbox_http_request_duration_seconds_bucket{route="page",le="+Inf"} 3');
    expect(lines).toContain('schoolbox_http_request_duration_seconds_count{route="page"} 3');
  });
});

describe('who may read /metrics', () => {
  it('lets in loopback addresses and the exact token only', () => {
    const mayRead = metricsAccess('0123456789abcdef-token');
    expect(mayRead(undefined, '127.0.0.1')).toBe(true);
    expect(mayRead(undefined, '::1')).toBe(true);
    expect(mayRead(undefined, '::ffff:127.0.0.1')).toBe(true);
    expect(mayRead(undefined, '203.0.113.7')).toBe(false);
    expect(mayRead('Bearer 0123456789abcdef-token', '203.0.113.7')).toBe(true);
    expect(mayRead('Bearer 0123456789abcdef-toke', '203.0.113.7')).toBe(false);
    expect(mayRead('0123456789abcdef-token', '203.0.113.7')).toBe(false);
    expect(metricsAccess(null)('Bearer ', '203.0.113.7')).toBe(false);
    expect(isLoopback('128.0.0.1')).toBe(false);
  });
});
