// The HTTP core every media client shares: builds URLs, sends the client's credentials, counts
// requests, retries idempotent reads with bounded backoff, and turns each answer into either a
// schema-checked value or a MediaClientError. Transport bounds (timeout, size, no redirects) come
// from service-kit's fetchJson/fetchText, the one HTTP helper of the workspace.
import { fetchBytes, fetchJson, fetchText, scrubUrl } from '@platform/service-kit';
import type { FetchJsonFailure, FetchJsonRequest } from '@platform/service-kit';
import type { z } from 'zod';
import { MediaClientError } from './media-client.error';
import { describeSchemaProblem } from './schema-problem';

export interface RetryPolicy {
  /** Further attempts after the first one fails; 0 disables retrying. */
  readonly retries: number;
  /** The wait before the first retry; each later one doubles, up to `maxDelayMs`. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 3, baseDelayMs: 250, maxDelayMs: 4000 };
export const DEFAULT_TIMEOUT_MS = 30_000;
/** A Plex page of 500 items with all their versions stays well under this. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/**
 * For the lists the vendor does not page (Radarr's movies, Sonarr's series: one answer for the
 * whole library, about 2 KB an item): room for 150,000 items, below V8's longest string (512 MiB),
 * and the time a large instance takes to write that much.
 */
export const UNPAGED_LIST_LIMITS = { maxBytes: 384 * 1024 * 1024, timeoutMs: 300_000 } as const;

export interface MediaHttpOptions {
  readonly source: string;
  readonly baseUrl: string;
  /** Sent with every request: the credentials and the vendor's identification headers. */
  readonly headers: Readonly<Record<string, string>>;
  /** Query parameters sent with every request (Tautulli takes its key only there). */
  readonly query?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  readonly retry?: RetryPolicy;
  /** Injected by tests that check the backoff without waiting for it. */
  readonly sleep?: (milliseconds: number) => Promise<void>;
}

/** An array repeats the parameter (`movieId=1&movieId=2`), as the *arr applications expect. */
export type QueryValue = string | number | boolean | undefined | readonly (string | number)[];

export interface MediaRequest {
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly headers?: Readonly<Record<string, string>>;
  /** Overrides the client's timeout for this call. */
  readonly timeoutMs?: number;
  /** Overrides the client's answer size limit for this call. */
  readonly maxBytes?: number;
}

/** The part of the clients' options a caller may tune. */
export interface MediaClientTuning {
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  readonly retry?: RetryPolicy;
  readonly sleep?: (milliseconds: number) => Promise<void>;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

export class MediaHttp {
  private sent = 0;

  constructor(private readonly options: MediaHttpOptions) {}

  get source(): string {
    return this.options.source;
  }

  /** HTTP requests sent so far, retries included. */
  get requestCount(): number {
    return this.sent;
  }

  async getJson<Schema extends z.ZodType>(request: MediaRequest, schema: Schema): Promise<z.output<Schema>> {
    const body = await this.withRetries(request, () => fetchJson(this.fetchRequest(request, 'GET')));
    return this.parse(request, schema, body.body);
  }

  /** Not retried: a POST may have taken effect even when its answer was lost. */
  async postJson<Schema extends z.ZodType>(
    request: MediaRequest,
    schema: Schema,
    acceptedStatuses: readonly number[] = [200],
  ): Promise<z.output<Schema>> {
    this.sent += 1;
    const result = await fetchJson({ ...this.fetchRequest(request, 'POST'), acceptedStatuses });
    if (!result.ok) throw this.failure(request, result.failure, result.message, 'POST');
    return this.parse(request, schema, result.body, 'POST');
  }

  /**
   * A change (PUT, DELETE, POST with a body): sent once, never retried, since it may have taken
   * effect even when its answer was lost. Answers the status (one of `acceptedStatuses`) and the
   * body, parsed when it is JSON, undefined when empty; callers check it with `parse`.
   */
  async send(
    method: 'POST' | 'PUT' | 'DELETE',
    request: MediaRequest & { readonly jsonBody?: unknown },
    acceptedStatuses: readonly number[],
  ): Promise<{ readonly status: number; readonly body: unknown }> {
    this.sent += 1;
    const result = await fetchText(
      { ...this.fetchRequest(request, method), jsonBody: request.jsonBody, acceptedStatuses },
      'application/json',
    );
    if (!result.ok) throw this.failure(request, result.failure, result.message, method);
    if (result.text.trim() === '') return { status: result.status, body: undefined };
    try {
      return { status: result.status, body: JSON.parse(result.text) as unknown };
    } catch {
      throw this.badAnswer(request, 'a body that is not JSON', method);
    }
  }

  /** A GET whose answer is not JSON (plex.tv's XML); the caller parses the text. */
  async getText(request: MediaRequest, accept: string): Promise<string> {
    const result = await this.withRetries(request, () =>
      fetchText(this.fetchRequest(request, 'GET'), accept),
    );
    return result.text;
  }

  /** A GET whose answer is binary (an image): the bytes and the content type, for the caller to check. */
  async getBytes(
    request: MediaRequest,
    accept: string,
  ): Promise<{ readonly bytes: Buffer; readonly contentType: string | null }> {
    const result = await this.withRetries(request, () =>
      fetchBytes(this.fetchRequest(request, 'GET'), accept),
    );
    return { bytes: result.bytes, contentType: result.contentType };
  }

  /** Describes where a request went, credentials removed, for error messages. */
  describe(request: MediaRequest, method: HttpMethod = 'GET'): string {
    const url = new URL(this.buildUrl(request));
    return `${method} ${scrubUrl(url.pathname + url.search)}`;
  }

  badAnswer(request: MediaRequest, problem: string, method: HttpMethod = 'GET'): MediaClientError {
    return new MediaClientError(
      'bad-answer',
      this.source,
      `${this.describe(request, method)} answered ${problem}`,
    );
  }

  /** Checks a value read from `request`'s answer; a mismatch is a `bad-answer` naming the field. */
  parse<Schema extends z.ZodType>(
    request: MediaRequest,
    schema: Schema,
    body: unknown,
    method: HttpMethod = 'GET',
  ): z.output<Schema> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw this.badAnswer(request, describeSchemaProblem(parsed.error), method);
    return parsed.data;
  }

  private async withRetries<Result extends { readonly ok: true }>(
    request: MediaRequest,
    attempt: () => Promise<
      Result | { readonly ok: false; readonly failure: FetchJsonFailure; readonly message: string }
    >,
  ): Promise<Result> {
    const policy = this.options.retry ?? DEFAULT_RETRY_POLICY;
    const sleep = this.options.sleep ?? defaultSleep;
    for (let attemptNumber = 0; ; attemptNumber += 1) {
      this.sent += 1;
      const result = await attempt();
      if (result.ok) return result;
      if (attemptNumber >= policy.retries || !isTransient(result.failure)) {
        throw this.failure(request, result.failure, result.message);
      }
      await sleep(Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attemptNumber));
    }
  }

  private failure(
    request: MediaRequest,
    failure: FetchJsonFailure,
    message: string,
    method: HttpMethod = 'GET',
  ): MediaClientError {
    const source = this.source;
    switch (failure.kind) {
      case 'timeout':
        return new MediaClientError('timeout', source, message);
      case 'unreachable':
        return new MediaClientError('unreachable', source, message);
      case 'too-large':
      case 'not-json':
        return new MediaClientError('bad-answer', source, message);
      case 'status':
        if (failure.status === 401 || failure.status === 403) {
          return new MediaClientError(
            'unauthorized',
            source,
            `${this.describe(request, method)} refused the credentials (HTTP ${failure.status})`,
            failure.status,
          );
        }
        if (failure.status === 404) return new MediaClientError('not-found', source, message, 404);
        return new MediaClientError('bad-status', source, message, failure.status);
    }
  }

  private fetchRequest(request: MediaRequest, method: HttpMethod): FetchJsonRequest {
    return {
      url: this.buildUrl(request),
      method,
      headers: { ...this.options.headers, ...request.headers },
      timeoutMs: request.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBytes: request.maxBytes ?? this.options.maxBytes ?? DEFAULT_MAX_BYTES,
    };
  }

  private buildUrl(request: MediaRequest): string {
    const url = new URL(this.options.baseUrl.replace(/\/+$/, '') + request.path);
    for (const [name, value] of Object.entries({ ...this.options.query, ...request.query })) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const entry of value) url.searchParams.append(name, String(entry));
      else url.searchParams.set(name, String(value));
    }
    return url.href;
  }
}

/** Timeouts, dropped connections and server-side failures may pass; a refusal or a 404 will not. */
function isTransient(failure: FetchJsonFailure): boolean {
  switch (failure.kind) {
    case 'timeout':
    case 'unreachable':
      return true;
    case 'status':
      return RETRYABLE_STATUSES.has(failure.status);
    case 'too-large':
    case 'not-json':
      return false;
  }
}

function defaultSleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
