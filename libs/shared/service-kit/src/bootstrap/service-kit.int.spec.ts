// The kit end to end: a small service built with it, against a fresh database (real
// PostgreSQL when TEST_DATABASE_URL is set, embedded otherwise), driven over HTTP.
import { Agent, get as httpGet } from 'node:http';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { createTestDatabase, TestDatabase } from '@platform/testing-database';
import { BaseServiceConfig } from '../config/base-service-config';
import { loadConfig } from '../config/load-config';
import { migrate } from '../database/migrations';
import { PROBLEM_JSON } from '../errors/problem-details';
import { WIDGET_SERVICE, WidgetServiceModule } from '../testing-fixtures/widget-service';
import { createServiceApp } from './create-service-app';
import { listenWithGracefulShutdown } from './graceful-shutdown';

function configFor(database: TestDatabase, overrides: Record<string, string> = {}): BaseServiceConfig {
  return loadConfig(
    BaseServiceConfig,
    { DATABASE_URL: database.url, LOG_LEVEL: 'silent', ...overrides },
    { PORT: '8080', DATABASE_DATA_DIR: 'unused' },
  );
}

async function boot(config: BaseServiceConfig): Promise<NestExpressApplication> {
  const app = await createServiceApp(WidgetServiceModule.register(config), WIDGET_SERVICE, config);
  await app.init();
  return app;
}

describe('a service built with the kit', () => {
  let database: TestDatabase;
  let app: NestExpressApplication;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await boot(configFor(database));
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('reports liveness with the service name', async () => {
    const response = await request(app.getHttpServer()).get('/health').expect(200);
    expect(response.body).toMatchObject({ status: 'healthy', service: 'widget-service', version: '1.2.3' });
  });

  it('is ready once its migrations ran at start-up', async () => {
    const response = await request(app.getHttpServer()).get('/ready').expect(200);
    expect(response.body).toEqual({ status: 'ready', checks: { database: 'up', migrations: 'applied' } });
  });

  it('refuses a route that declares no access rule, and a role route when the service decides no roles', async () => {
    const unmarked = await request(app.getHttpServer()).get('/access/unmarked').expect(403);
    expect(unmarked.body).toMatchObject({ code: 'route.access-undeclared' });
    const members = await request(app.getHttpServer()).get('/access/members').expect(403);
    expect(members.body).toMatchObject({ code: 'route.no-authorizer' });
  });

  it('stores and reads through its own schema', async () => {
    await request(app.getHttpServer()).post('/widgets').send({ name: 'gear', size: 3 }).expect(201);
    const response = await request(app.getHttpServer()).get('/widgets/gear').expect(200);
    expect(response.body).toEqual({ name: 'gear', size: 3 });
    const [row] = (await app.get(DataSource).query('SELECT count(*)::int AS n FROM widget_spec.widgets')) as {
      n: number;
    }[];
    expect(row?.n).toBe(1);
  });

  describe('errors as RFC 9457 problem details', () => {
    it('maps a domain error to its status, code and message', async () => {
      const response = await request(app.getHttpServer()).get('/widgets/missing').expect(404);
      expect(response.headers['content-type']).toContain(PROBLEM_JSON);
      expect(response.body).toEqual({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: 'Widget "missing" does not exist',
        code: 'widget.not-found',
        name: 'missing',
        instance: '/widgets/missing',
      });
    });

    it('maps a conflict', async () => {
      await request(app.getHttpServer()).post('/widgets').send({ name: 'dup', size: 1 }).expect(201);
      const response = await request(app.getHttpServer())
        .post('/widgets')
        .send({ name: 'dup', size: 1 })
        .expect(409);
      expect(response.body).toMatchObject({ code: 'widget.exists', detail: 'Widget "dup" already exists' });
    });

    it('names every invalid field of a rejected body', async () => {
      const response = await request(app.getHttpServer())
        .post('/widgets')
        .send({ name: '', size: 'big', colour: 'red' })
        .expect(400);
      expect(response.headers['content-type']).toContain(PROBLEM_JSON);
      expect(response.body.status).toBe(400);
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          'property colour should not exist',
          'name must be longer than or equal to 1 characters',
          'size must be an integer number',
        ]),
      );
    });

    it('rejects malformed JSON with 400', async () => {
      const response = await request(app.getHttpServer())
        .post('/widgets')
        .set('Content-Type', 'application/json')
        .send('{"name": ')
        .expect(400);
      expect(response.headers['content-type']).toContain(PROBLEM_JSON);
      expect(response.body.code).toBe('http.bad-request');
    });

    it('answers unknown routes with 404 problem details', async () => {
      const response = await request(app.getHttpServer()).get('/no/such/route').expect(404);
      expect(response.body).toMatchObject({
        status: 404,
        code: 'http.not-found',
        instance: '/no/such/route',
      });
    });

    it('turns unexpected errors into a 500 that leaks nothing', async () => {
      const response = await request(app.getHttpServer()).get('/crash').expect(500);
      expect(response.body).toEqual({
        type: 'about:blank',
        title: 'Internal Server Error',
        status: 500,
        detail: 'The server could not complete the request.',
        code: 'internal',
        instance: '/crash',
      });
      expect(JSON.stringify(response.body)).not.toContain('hunter2');
    });
  });

  it('exposes Prometheus metrics labelled by route template, not raw path', async () => {
    await request(app.getHttpServer()).get('/widgets/gear').expect(200);
    const response = await request(app.getHttpServer()).get('/metrics').expect(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.text).toMatch(
      /http_requests_total\{method="GET",route="\/widgets\/:name",status="200",service="widget-service"\} \d+/,
    );
    expect(response.text).toContain('http_request_duration_seconds_bucket');
    expect(response.text).not.toContain('route="/widgets/gear"');
    expect(response.text).toMatch(/route="unmatched",status="404"/);
  });

  it('serves its OpenAPI document and Swagger UI at /docs', async () => {
    const document = await request(app.getHttpServer()).get('/docs/openapi.json').expect(200);
    expect(document.body.info).toMatchObject({ title: 'Widget Service', version: '1.2.3' });
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining(['/health', '/ready', '/metrics', '/widgets', '/widgets/{name}']),
    );
    const ui = await request(app.getHttpServer()).get('/docs').expect(200);
    expect(ui.text).toContain('swagger-ui');
  });

  describe('state-changing requests from browsers', () => {
    const FOREIGN = { Origin: 'https://evil.example' };

    it('refuses a foreign Origin before the handler runs, with or without a body', async () => {
      for (const send of [
        () => request(app.getHttpServer()).post('/widgets').set(FOREIGN).send({ name: 'forged', size: 1 }),
        () => request(app.getHttpServer()).post('/widgets').set(FOREIGN),
      ]) {
        const response = await send().expect(403);
        expect(response.headers['content-type']).toContain(PROBLEM_JSON);
        expect(response.body).toMatchObject({
          status: 403,
          code: 'request.cross-site',
          detail: "Origin 'https://evil.example' is not allowed",
        });
      }
      await request(app.getHttpServer()).get('/widgets/forged').expect(404);
    });

    it('refuses a request the browser marked cross-site even without an Origin', async () => {
      const response = await request(app.getHttpServer())
        .post('/widgets')
        .set('Sec-Fetch-Site', 'cross-site')
        .send({ name: 'forged', size: 1 })
        .expect(403);
      expect(response.body.code).toBe('request.cross-site');
    });

    it('accepts its own loopback page and clients that are not browsers', async () => {
      const address = 'localhost:8080';
      await request(app.getHttpServer())
        .post('/widgets')
        .set({ Host: address, Origin: `http://${address}`, 'Sec-Fetch-Site': 'same-origin' })
        .send({ name: 'own-page', size: 1 })
        .expect(201);
      await request(app.getHttpServer()).post('/widgets').send({ name: 'curl', size: 1 }).expect(201);
    });

    it('leaves reads alone: a cross-site page cannot read the answer anyway', async () => {
      await request(app.getHttpServer()).get('/widgets/curl').set(FOREIGN).expect(200);
    });

    it.each([
      ['text/plain', "not 'text/plain'"],
      ['application/x-www-form-urlencoded', "not 'application/x-www-form-urlencoded'"],
      ['multipart/form-data; boundary=x', "not 'multipart/form-data; boundary=x'"],
      ['application/jsonp', "not 'application/jsonp'"],
    ])('answers a %s body with 415 naming the problem', async (contentType, sent) => {
      const response = await request(app.getHttpServer())
        .post('/widgets')
        .set('Content-Type', contentType)
        .send('{"name":"smuggled","size":1}')
        .expect(415);
      expect(response.headers['content-type']).toContain(PROBLEM_JSON);
      expect(response.body).toMatchObject({
        status: 415,
        title: 'Unsupported Media Type',
        code: 'http.unsupported-media-type',
        detail: `Request bodies must be JSON (Content-Type: application/json); ${sent}`,
      });
      await request(app.getHttpServer()).get('/widgets/smuggled').expect(404);
    });

    it('answers a body without any Content-Type with 415', async () => {
      const response = await request(app.getHttpServer())
        .post('/widgets')
        .send(Buffer.from('{"name":"untyped","size":1}'))
        .expect(415);
      expect(response.body.detail).toBe(
        'Request bodies must be JSON (Content-Type: application/json); this one has no Content-Type',
      );
    });

    it('accepts JSON with parameters, and any media type on a request without a body', async () => {
      await request(app.getHttpServer())
        .post('/widgets')
        .set('Content-Type', 'Application/JSON; charset=utf-8')
        .send(JSON.stringify({ name: 'typed', size: 1 }))
        .expect(201);
      // No body: the validation pipe, not the media type, has the last word.
      const empty = await request(app.getHttpServer()).post('/widgets').set('Content-Type', 'text/plain');
      expect(empty.status).toBe(400);
    });

    it('leaves routes that apply the rule themselves to them', async () => {
      const response = await request(app.getHttpServer()).post('/own-rules').set(FOREIGN).expect(201);
      expect(response.body).toEqual({ served: true });
    });
  });

  it('echoes a well-formed X-Request-Id and replaces a hostile one', async () => {
    const kept = await request(app.getHttpServer())
      .get('/health')
      .set('X-Request-Id', 'trace-42')
      .expect(200);
    expect(kept.headers['x-request-id']).toBe('trace-42');
    const replaced = await request(app.getHttpServer())
      .get('/health')
      .set('X-Request-Id', 'bad id\twith spaces')
      .expect(200);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('readiness', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await database.close();
  });

  it('stays not ready while migrations are pending, and turns ready once they are applied', async () => {
    const app = await boot(configFor(database, { DATABASE_RUN_MIGRATIONS: 'false' }));
    try {
      const pending = await request(app.getHttpServer()).get('/ready').expect(503);
      expect(pending.body).toEqual({
        status: 'not_ready',
        checks: { database: 'up', migrations: 'pending' },
      });
      expect(await migrate(app.get(DataSource), 'widget_spec')).toEqual(['CreateWidgets1700000000000']);
      await request(app.getHttpServer()).get('/ready').expect(200);
      expect(await migrate(app.get(DataSource), 'widget_spec')).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('reports the database down when it cannot be queried', async () => {
    const app = await boot(configFor(database));
    try {
      await app.get(DataSource).destroy();
      const response = await request(app.getHttpServer()).get('/ready').expect(503);
      expect(response.body).toEqual({
        status: 'not_ready',
        checks: { database: 'down', migrations: 'unknown' },
      });
      await request(app.getHttpServer()).get('/health').expect(200);
    } finally {
      await app.close();
    }
  });
});

describe('graceful shutdown', () => {
  let database: TestDatabase;
  let app: NestExpressApplication;
  let shutdown: () => Promise<void>;
  let base: string;

  async function listen(graceMs: number): Promise<void> {
    database = await createTestDatabase();
    const config = configFor(database);
    app = await createServiceApp(WidgetServiceModule.register(config), WIDGET_SERVICE, config);
    shutdown = await listenWithGracefulShutdown(app, {
      PORT: 0,
      HOST: '127.0.0.1',
      SHUTDOWN_GRACE_MS: graceMs,
    });
    base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  }

  /** Opens /events and resolves once its first event arrived; `ended` settles when the stream ends. */
  async function openStream(): Promise<{ ended: Promise<unknown> }> {
    const response = await fetch(`${base}/events`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const ended = (async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
    })();
    return { ended };
  }

  /** Starts /slow, and resolves once the server has its connection; `answer` settles with the response. */
  async function startSlow(ms: number): Promise<{ answer: Promise<Response> }> {
    const before = await connections();
    const answer = fetch(`${base}/slow?ms=${ms}`);
    while ((await connections()) === before) await new Promise((resolve) => setTimeout(resolve, 20));
    return { answer };
  }

  function connections(): Promise<number> {
    return new Promise((resolve, reject) =>
      app
        .getHttpServer()
        .getConnections((error: Error | null, count: number) =>
          error === null ? resolve(count) : reject(error),
        ),
    );
  }

  afterEach(async () => {
    await shutdown();
    await database.close();
  });

  it('ends event streams at once, lets an in-flight request finish, refuses new connections, then closes the database', async () => {
    await listen(20_000);
    const events: string[] = [];
    const stream = await openStream();
    const slow = await startSlow(1500);
    const [response] = await Promise.all([
      slow.answer.then((answer) => {
        events.push('slow request answered');
        return answer;
      }),
      stream.ended.then(() => events.push('stream ended')),
      shutdown(),
    ]);
    // The stream did not wait for the slow request (nor for the grace period); the request got its answer.
    expect(events).toEqual(['stream ended', 'slow request answered']);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ waited: 1500 });
    await expect(fetch(`${base}/health`)).rejects.toThrow();
    expect(app.get(DataSource).isInitialized).toBe(false);
  });

  it('closes kept-alive connections once their request is answered, instead of waiting for them to idle out', async () => {
    await listen(20_000);
    const agent = new Agent({ keepAlive: true });
    const answered = new Promise<string | undefined>((resolve, reject) => {
      httpGet(`${base}/slow?ms=500`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.headers.connection));
      }).on('error', reject);
    });
    while ((await connections()) < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all([shutdown(), answered]);
    expect(await answered).toBe('close');
    agent.destroy();
  });

  it('cuts a request that is still running when the grace period is over', async () => {
    await listen(300);
    const slow = await startSlow(5000);
    await shutdown();
    await expect(slow.answer).rejects.toThrow();
    expect(app.get(DataSource).isInitialized).toBe(false);
  });
});
