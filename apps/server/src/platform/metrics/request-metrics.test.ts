import { describe, expect, it } from 'vitest';
import { createRequestMetrics, escapeLabelValue } from './request-metrics.ts';

describe('request metrics', () => {
  it('writes counts and cumulative buckets, a value on a bound counting in that bound', () => {
    const metrics = createRequestMetrics([0.1, 0.01, 1]);
    metrics.record('GET', '/wps/relay/games', 200, 0.004);
    metrics.record('GET', '/wps/relay/games', 200, 0.01);
    metrics.record('GET', '/wps/relay/games', 200, 0.5);
    metrics.record('GET', '/wps/relay/games', 200, 3);
    metrics.record('POST', '/wps/member/login', 422, 0.02);
    const labels = 'method="GET",route="/wps/relay/games",status_code="200"';

    expect(metrics.render().split('\n')).toEqual([
      '# HELP http_requests_total HTTP requests answered, by method, route pattern and status',
      '# TYPE http_requests_total counter',
      `http_requests_total{${labels}} 4`,
      'http_requests_total{method="POST",route="/wps/member/login",status_code="422"} 1',
      '',
      '# HELP http_request_duration_seconds Time from receiving a request to sending its reply, by method, route pattern and status',
      '# TYPE http_request_duration_seconds histogram',
      `http_request_duration_seconds_bucket{le="0.01",${labels}} 2`,
      `http_request_duration_seconds_bucket{le="0.1",${labels}} 2`,
      `http_request_duration_seconds_bucket{le="1",${labels}} 3`,
      `http_request_duration_seconds_bucket{le="+Inf",${labels}} 4`,
      `http_request_duration_seconds_sum{${labels}} ${0.004 + 0.01 + 0.5 + 3}`,
      `http_request_duration_seconds_count{${labels}} 4`,
      'http_request_duration_seconds_bucket{le="0.01",method="POST",route="/wps/member/login",status_code="422"} 0',
      'http_request_duration_seconds_bucket{le="0.1",method="POST",route="/wps/member/login",status_code="422"} 1',
      'http_request_duration_seconds_bucket{le="1",method="POST",route="/wps/member/login",status_code="422"} 1',
      'http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/wps/member/login",status_code="422"} 1',
      'http_request_duration_seconds_sum{method="POST",route="/wps/member/login",status_code="422"} 0.02',
      'http_request_duration_seconds_count{method="POST",route="/wps/member/login",status_code="422"} 1',
      '',
    ]);
  });

  it('writes only the headers before any request', () => {
    expect(createRequestMetrics([1]).render()).toBe(
      [
        '# HELP http_requests_total HTTP requests answered, by method, route pattern and status',
        '# TYPE http_requests_total counter',
        '',
        '# HELP http_request_duration_seconds Time from receiving a request to sending its reply, by method, route pattern and status',
        '# TYPE http_request_duration_seconds histogram',
        '',
      ].join('\n'),
    );
  });

  it('escapes backslashes, quotes and line feeds in label values', () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    const metrics = createRequestMetrics([1]);
    metrics.record('GET', '/odd/"route"', 404, 0.5);
    expect(metrics.render()).toContain(
      'http_requests_total{method="GET",route="/odd/\\"route\\"",status_code="404"} 1',
    );
  });
});
