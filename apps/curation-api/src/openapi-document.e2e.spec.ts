// The web app's types are generated from the OpenAPI document (docs/decisions/049), so the document
// must say what every route takes and answers: each success has a body schema (204 none), its
// status is the one the handler answers with, every parameter has a schema, every schema property
// a type, and the hand-parsed query strings and settings body list exactly what their parsers take.
import { RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { startTestService, type TestService } from '@platform/testing-service';
import { AUDIT_PARAMETERS } from './audit/audit-query.parser';
import { CATALOG_PARAMETERS } from './catalog/catalog-query.parser';
import { CURATION_SERVICE } from './curation-api.module';
import { REQUEST_LIST_PARAMETERS } from './protections/protection-request-query.parser';
import { SETTING_NAMES } from './settings/category-settings';
import { PRUNE_SETTING_NAMES } from './settings/prune-settings';

interface Schema {
  type?: string;
  $ref?: string;
  allOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
}

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** Handlers that set their success status themselves, with the statuses they use. */
const OWN_STATUSES: Readonly<Record<string, readonly number[]>> = {
  // 202 while the PIN is pending, 200 with the session once approved.
  SignInController_checkPin: [200, 202],
};

describe('the OpenAPI document', () => {
  let service: TestService;
  let document: Document;

  beforeAll(async () => {
    service = await startTestService(CURATION_SERVICE);
    document = (await request(service.server).get('/docs/openapi.json').expect(200)).body as Document;
  });

  afterAll(async () => {
    await service.close();
  });

  const operations = (): [string, Operation][] =>
    Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]): [string, Operation] => [
        `${method.toUpperCase()} ${path}`,
        operation,
      ]),
    );

  it('gives every success a body schema, and 204 none', () => {
    const wrong: string[] = [];
    for (const [route, operation] of operations()) {
      const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      if (successes.length === 0) wrong.push(`${route}: no success response`);
      for (const [status, response] of successes) {
        const schemas = Object.values(response.content ?? {}).map((content) => content.schema);
        const described = schemas.length > 0 && schemas.every((schema) => isDescribed(schema));
        if (status === '204' ? schemas.length > 0 : !described) wrong.push(`${route} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("documents the status each handler answers with (@HttpCode, else Nest's default)", () => {
    const handlers = handlersByOperationId(service);
    const wrong: string[] = [];
    for (const [route, operation] of operations()) {
      const documented = Object.keys(operation.responses)
        .filter((status) => status.startsWith('2'))
        .map(Number)
        .sort();
      const handler = handlers.get(operation.operationId);
      if (handler === undefined) {
        wrong.push(`${route}: no handler ${operation.operationId}`);
        continue;
      }
      const answered = OWN_STATUSES[operation.operationId] ?? [statusOf(handler)];
      if (documented.join() !== answered.join()) {
        wrong.push(`${route}: documents ${documented.join('/')}, answers ${answered.join('/')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives every parameter and every property a schema with a type', () => {
    const untyped: string[] = [];
    for (const [route, operation] of operations()) {
      for (const parameter of operation.parameters ?? []) {
        if (!isDescribed(parameter.schema)) untyped.push(`${route} ${parameter.in} ${parameter.name}`);
      }
      for (const content of Object.values(operation.requestBody?.content ?? {})) {
        if (!isDescribed(content.schema)) untyped.push(`${route} body`);
      }
    }
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      for (const [property, propertySchema] of Object.entries(schema.properties ?? {})) {
        if (!isDescribed(propertySchema)) untyped.push(`${name}.${property}`);
      }
    }
    expect(untyped).toEqual([]);
  });

  it('lists exactly the query parameters each hand-written parser takes', () => {
    const queryOf = (path: string) =>
      (document.paths[path]?.['get']?.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name)
        .sort();
    expect({
      catalog: queryOf('/api/v1/catalog'),
      categories: queryOf('/api/v1/categories'),
      audit: queryOf('/api/v1/audit'),
      protectionRequests: queryOf('/api/v1/protection-requests'),
    }).toEqual({
      catalog: [...CATALOG_PARAMETERS].sort(),
      categories: ['userId'],
      audit: [...AUDIT_PARAMETERS].sort(),
      protectionRequests: [...REQUEST_LIST_PARAMETERS].sort(),
    });
  });

  it('describes every setting in the settings answer and in the body PUT takes', () => {
    const settings = document.paths['/api/v1/settings'];
    const propertiesOf = (schema: Schema | undefined) =>
      Object.keys(resolve(schema)?.properties ?? {}).sort();
    const names = [...SETTING_NAMES, ...PRUNE_SETTING_NAMES].sort();
    expect({
      read: propertiesOf(settings?.['get']?.responses['200']?.content?.['application/json']?.schema),
      update: propertiesOf(settings?.['put']?.requestBody?.content['application/json']?.schema),
    }).toEqual({ read: [...names, 'updatedAt', 'updatedBy'].sort(), update: names });
  });

  function resolve(schema: Schema | undefined): Schema | undefined {
    const name = schema?.$ref?.replace('#/components/schemas/', '');
    return name === undefined ? schema : document.components.schemas[name];
  }

  function isDescribed(schema: Schema | undefined): boolean {
    if (schema === undefined) return false;
    if (schema.$ref !== undefined) return resolve(schema) !== undefined;
    if (schema.allOf !== undefined) return schema.allOf.every((part) => isDescribed(part));
    if (schema.type === 'array') return isDescribed(schema.items);
    return schema.type !== undefined;
  }
});

/** Every controller method, by the operationId SwaggerModule gives it (`<Controller>_<method>`). */
// Function: what a controller method is; its metadata is all this reads.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
function handlersByOperationId(service: TestService): Map<string, Function> {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  const handlers = new Map<string, Function>();
  for (const module of service.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype;
      if (typeof controller !== 'function') continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler === 'function') handlers.set(`${controller.name}_${name}`, handler);
      }
    }
  }
  return handlers;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
function statusOf(handler: Function): number {
  const code: unknown = Reflect.getMetadata(HTTP_CODE_METADATA, handler);
  if (typeof code === 'number') return code;
  return Reflect.getMetadata(METHOD_METADATA, handler) === RequestMethod.POST ? 201 : 200;
}
