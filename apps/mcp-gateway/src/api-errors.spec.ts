// docs/api-errors.md lists every problem+json code a gateway feature answers with. This holds the
// table to the features' code enums, both ways, and each row's status to what the code's kind
// becomes: a code added to an enum without a row, a row for a code no enum has, or a status that
// differs from the transport's, fails here.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DomainErrorKind, httpStatusOf } from '@platform/service-kit';
import { ACCESS_ERROR_CODES, accessErrorKind } from './access/access.errors';
import { BACKEND_ERROR_CODES, backendErrorKind } from './backends/backend.errors';
import { MCP_PATH_PROBLEM_CODES, mcpPathErrorKind } from './mcp/mcp.errors';
import { TEST_ENDPOINT_ERROR_CODES, testEndpointErrorKind } from './test-endpoints/test-endpoint.errors';
import { REPOSITORY_ROOT } from './testing/reference-servers';

const ROW = /^\| `([a-z0-9.-]+)` \| (\d{3}) \| .+ \|$/;

const text = readFileSync(join(REPOSITORY_ROOT, 'docs', 'api-errors.md'), 'utf8');
const section = text.split('\n## ').find((part) => part.startsWith('Gateway codes')) ?? '';
const rows = section.split('\n').flatMap((line) => {
  const row = ROW.exec(line);
  return row?.[1] === undefined || row[2] === undefined ? [] : [{ code: row[1], status: Number(row[2]) }];
});

const enumerated: ReadonlyArray<{ readonly code: string; readonly kind: DomainErrorKind }> = [
  ...ACCESS_ERROR_CODES.map((code) => ({ code, kind: accessErrorKind(code) })),
  ...BACKEND_ERROR_CODES.map((code) => ({ code, kind: backendErrorKind(code) })),
  ...TEST_ENDPOINT_ERROR_CODES.map((code) => ({ code, kind: testEndpointErrorKind(code) })),
  ...MCP_PATH_PROBLEM_CODES.map((code) => ({ code, kind: mcpPathErrorKind(code) })),
];

describe('docs/api-errors.md', () => {
  it('has one row per code of the feature enums, and no other', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.code).sort()).toEqual(enumerated.map((entry) => entry.code).sort());
  });

  it('gives each code the status its kind becomes in problem+json', () => {
    const documented = new Map(rows.map((row) => [row.code, row.status]));
    for (const { code, kind } of enumerated)
      expect([code, documented.get(code)]).toEqual([code, httpStatusOf(kind)]);
  });

  it('names no code twice across features', () => {
    const codes = enumerated.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
