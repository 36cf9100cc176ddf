// Prometheus metrics: request counts and latency per route. Each application instance owns
// its registry, so several apps in one process (tests) do not collide.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { ROUTE_TEMPLATE, type RequestWithRouteTemplate } from './route-template.guard';

export class HttpMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor(serviceName: string) {
    this.registry.setDefaultLabels({ service: serviceName });
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests handled, by method, route template and status code.',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency in seconds, by method, route template and status code.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [this.registry],
    });
  }

  /** Express middleware: measures every request once its response is finished. */
  readonly middleware = (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const stopTimer = this.duration.startTimer();
    response.once('finish', () => {
      const labels = { method: request.method, route: routeOf(request), status: String(response.statusCode) };
      this.requests.inc(labels);
      stopTimer(labels);
    });
    next();
  };
}

/**
 * The matched route template (`/api/appkeys/:id`), never the raw path: raw paths carry ids and
 * would give every request its own time series.
 */
function routeOf(request: IncomingMessage): string {
  return (request as RequestWithRouteTemplate)[ROUTE_TEMPLATE] ?? 'unmatched';
}
