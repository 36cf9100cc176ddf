// Test support for the protection e2e tests: the service with an Admin (bootstrap) key and two
// Guest API keys, a handful of catalog items written as the sync writes their rows, and calls.
import { getDataSourceToken } from '@nestjs/typeorm';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { Response, Test } from 'supertest';
import type { DataSource } from 'typeorm';
import type { ServedApp } from '../audit/audit.spec-helpers';

/** A started curation API (a TestService), as far as these helpers use it. */
export interface StartedService extends ServedApp {
  readonly app: INestApplication;
}

export const ITEMS = [
  { id: 'movie-tmdb-348', mediaType: 'movie', title: 'Alien' },
  { id: 'movie-tmdb-679', mediaType: 'movie', title: 'Aliens' },
  { id: 'movie-tmdb-8077', mediaType: 'movie', title: 'Alien³' },
  { id: 'series-tvdb-81189', mediaType: 'series', title: 'Breaking Bad' },
  { id: 'series-tvdb-121361', mediaType: 'series', title: 'Game of Thrones' },
  { id: 'movie-imdb-tt0078748', mediaType: 'movie', title: 'Alien (IMDB)' },
] as const;

export interface ProtectionFixture {
  readonly service: StartedService;
  readonly adminKey: string;
  readonly guestKey: string;
  readonly otherGuestKey: string;
  readonly database: DataSource;
}

/** Bootstrap key of a fixture's service: start it with CURATION_BOOTSTRAP_API_KEY set to this. */
export function fixtureAdminKey(name: string): string {
  return `${name}-bootstrap-key-0123456789`;
}

/** Two Guest keys and the items, on a service started with fixtureAdminKey(name). */
export async function prepareProtectionFixture(
  service: StartedService,
  name: string,
): Promise<ProtectionFixture> {
  const adminKey = fixtureAdminKey(name);
  const guestKey = await createKey(service, adminKey, `${name} guest`);
  const otherGuestKey = await createKey(service, adminKey, `${name} other guest`);
  const database = service.app.get<DataSource>(getDataSourceToken());
  await resetItems(database);
  return { service, adminKey, guestKey, otherGuestKey, database };
}

async function createKey(service: ServedApp, adminKey: string, name: string): Promise<string> {
  const created = await request(service.server)
    .post('/api/v1/auth/api-keys')
    .set('X-Api-Key', adminKey)
    .send({ name, role: 'Guest' })
    .expect(201);
  return (created.body as { key: string }).key;
}

/** The catalog holds exactly ITEMS, nobody has protected or asked for anything. */
export async function resetItems(database: DataSource): Promise<void> {
  await database.query(
    'TRUNCATE "curation"."catalog_items", "curation"."protections", "curation"."protection_requests" CASCADE',
  );
  await database.query(
    `INSERT INTO "curation"."catalog_items" ("id", "media_type", "title", "title_key")
     SELECT "id", "media_type", "title", lower("title") FROM unnest($1::text[], $2::text[], $3::text[])
       AS t("id", "media_type", "title")`,
    [ITEMS.map((item) => item.id), ITEMS.map((item) => item.mediaType), ITEMS.map((item) => item.title)],
  );
}

export function post(fixture: ProtectionFixture, path: string, key: string | null, body: object = {}): Test {
  const call = request(fixture.service.server).post(path);
  return (key === null ? call : call.set('X-Api-Key', key)).send(body);
}

export function get(fixture: ProtectionFixture, path: string, key: string | null): Test {
  const call = request(fixture.service.server).get(path);
  return key === null ? call : call.set('X-Api-Key', key);
}

/** The problem+json answer's status, code and every message (detail and errors) as one text. */
export function problem(response: Response): { status: number; code: unknown; detail: string } {
  const body = response.body as { code?: unknown; detail?: unknown; errors?: unknown };
  if (!String(response.headers['content-type']).includes('application/problem+json'))
    throw new Error(`expected problem+json, got ${response.status} ${response.text}`);
  const errors = Array.isArray(body.errors) ? body.errors.map(String) : [];
  return { status: response.status, code: body.code, detail: [String(body.detail), ...errors].join(' | ') };
}
