// The vendor-schema helper: a clear failure when the shared vendor documents are not where the
// tests expect them, and real validation (a wrong shape is reported) when they are.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readVendorDocument, schemaErrors } from './vendor-schema.spec-helpers';

describe('vendor schema helper', () => {
  it('names the missing folder and where it belongs', () => {
    const missing = join(tmpdir(), 'no-vendor-specs-here');
    expect(() => readVendorDocument(missing, 'sonarr-openapi.json')).toThrow(
      `The vendor OpenAPI document ${join(missing, 'sonarr-openapi.json')} is missing.`,
    );
    expect(() => readVendorDocument(missing, 'sonarr-openapi.json')).toThrow('../shared/vendor-specs/');
  });

  it('reports answers that do not match the schema', () => {
    expect(
      schemaErrors('radarr-openapi.json', '/api/v3/movie', 'get', 200, [{ id: 'seven', extra: 1 }]),
    ).not.toEqual([]);
    expect(
      schemaErrors('plex-openapi.yaml', '/library/sections/{sectionId}/all', 'get', 200, {
        MediaContainer: { Metadata: [{ key: '/x' }] },
      }),
    ).not.toEqual([]);
    expect(
      schemaErrors('overseerr-openapi.yml', '/request', 'get', 200, {
        pageInfo: { page: 'one' },
        results: [],
      }),
    ).not.toEqual([]);
  });
});
