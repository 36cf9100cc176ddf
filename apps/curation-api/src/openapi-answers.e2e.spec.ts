// The curation API's answers, over a generated catalog in real Postgres, validated against the
// OpenAPI document it serves: every field the document requires is there with its type, format,
// enum and nullability, and no field is left undocumented (objects are validated as closed), so
// the web app's generated types say what the API really sends.
import { getDataSourceToken } from '@nestjs/typeorm';
import { startTestService, type TestService } from '@platform/testing-service';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { generateCatalogFixture, loadCatalogFixture } from './catalog/catalog-fixture.spec-helpers';
import { CURATION_SERVICE } from './curation-api.module';

const ADMIN_KEY = 'openapi-answers-bootstrap-key-0123';
const DOCUMENT_ID = 'curation-api';

describe('answers against the OpenAPI document', () => {
  let service: TestService;
  let ajv: Ajv;
  const admin = { 'X-Api-Key': ADMIN_KEY };

  beforeAll(async () => {
    service = await startTestService(CURATION_SERVICE, { CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY });
    const fixture = generateCatalogFixture({ seed: 9090, items: 150 });
    await loadCatalogFixture(service.app.get<DataSource>(getDataSourceToken()), fixture);
    const document = (await request(service.server).get('/docs/openapi.json').expect(200)).body as unknown;
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...(asJsonSchema(document) as object), $id: DOCUMENT_ID });
  });

  afterAll(async () => {
    await service.close();
  });

  /** Sends the request and returns what the document's schema for its answer finds wrong. */
  async function problemsOf(
    method: 'get' | 'put',
    documentPath: string,
    url: string,
    status: number,
    body?: object,
  ): Promise<string[]> {
    const sent = request(service.server)[method](url).set(admin);
    const response = await (body === undefined ? sent : sent.send(body)).expect(status);
    const validate = validatorOf(documentPath, method, status);
    if (validate(response.body)) return [];
    return (validate.errors ?? []).map(
      (error) =>
        `${method.toUpperCase()} ${url}: ${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`,
    );
  }

  const compiled = new Map<string, ValidateFunction>();

  function validatorOf(path: string, method: string, status: number): ValidateFunction {
    const pointer = [
      'paths',
      path,
      method,
      'responses',
      String(status),
      'content',
      'application/json',
      'schema',
    ]
      .map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    const known = compiled.get(pointer);
    if (known !== undefined) return known;
    const validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer}` });
    compiled.set(pointer, validate);
    return validate;
  }

  it('the catalog list and every item of it in detail', async () => {
    const problems = await problemsOf('get', '/api/v1/catalog', '/api/v1/catalog?limit=500', 200);
    const page = await request(service.server).get('/api/v1/catalog?limit=500').set(admin).expect(200);
    const ids = (page.body as { items: { id: string }[] }).items.map((item) => item.id);
    expect(ids.length).toBe(150);
    for (const id of ids) {
      problems.push(
        ...(await problemsOf(
          'get',
          '/api/v1/catalog/{id}',
          `/api/v1/catalog/${encodeURIComponent(id)}`,
          200,
        )),
      );
    }
    expect(problems).toEqual([]);
  });

  it('the categories, the settings, the ledger, the protection requests and the sync status', async () => {
    const problems = [
      ...(await problemsOf('get', '/api/v1/categories', '/api/v1/categories', 200)),
      ...(await problemsOf('get', '/api/v1/settings', '/api/v1/settings', 200)),
      ...(await problemsOf('put', '/api/v1/settings', '/api/v1/settings', 200, {
        staleDays: 200,
        pruneRefreshesPlex: true,
      })),
      ...(await problemsOf('get', '/api/v1/audit', '/api/v1/audit', 200)),
      ...(await problemsOf('get', '/api/v1/protection-requests', '/api/v1/protection-requests', 200)),
      ...(await problemsOf('get', '/api/v1/sync/status', '/api/v1/sync/status', 200)),
    ];
    expect(problems).toEqual([]);
  });
});

/**
 * The document's schemas as JSON Schema for validation: OpenAPI 3.0's `nullable` becomes "or null"
 * (also beside an enum, which lists no null), and objects with properties are closed, so a field
 * the API sends but the document does not name is an error.
 */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const converted: Record<string, unknown> = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'properties' ? propertiesOf(value) : asJsonSchema(value),
    ]),
  );
  if (converted['type'] === 'object' && typeof converted['properties'] === 'object') {
    converted['additionalProperties'] ??= false;
  }
  if (converted['nullable'] !== true) return converted;
  const { nullable: _nullable, ...rest } = converted;
  return { anyOf: [rest, { type: 'null' }] };
}

/** A `properties` map holds names, not keywords: convert each property's schema only. */
function propertiesOf(properties: unknown): unknown {
  if (typeof properties !== 'object' || properties === null) return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, asJsonSchema(schema)]));
}
