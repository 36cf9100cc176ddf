// docs/api-errors.md's curation section lists the codes of the curation features it names. This
// holds the table to those enums, both ways, and each row's status to what the code's error
// becomes in problem+json: a code added without a row, a row for a code no enum has, or a status
// that differs, fails here. A feature that documents its codes there adds its enum below.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError, httpStatusOf } from '@platform/service-kit';
import { invalidParameter, QueryErrorCode } from './categories/single-query-value';
import { McpErrorCode, McpErrors } from './mcp/mcp-errors';
import { ProtectionErrorCode, ProtectionErrors } from './protections/protection-errors';
import { PruneErrorCode, PruneErrors } from './pruning/prune-errors';

const REPOSITORY_ROOT = process.cwd().replace(/\/apps\/curation-api$/, '');
const ROW = /^\| `([a-z0-9.-]+)` \| (\d{3}) \| .+ \|$/;

const text = readFileSync(join(REPOSITORY_ROOT, 'docs', 'api-errors.md'), 'utf8');
const section = text.split('\n## ').find((part) => part.startsWith('Curation API codes')) ?? '';
const rows = section.split('\n').flatMap((line) => {
  const row = ROW.exec(line);
  return row?.[1] === undefined || row[2] === undefined ? [] : [{ code: row[1], status: Number(row[2]) }];
});

// One instance of every error the enums name, made by the features' own factories.
const errors: readonly DomainError[] = [
  ProtectionErrors.itemNotFound('movie-tmdb-1'),
  ProtectionErrors.itemsNotFound(['movie-tmdb-1']),
  ProtectionErrors.duplicateIds(['movie-tmdb-1']),
  ProtectionErrors.reasonRequired(),
  ProtectionErrors.invalidText('reason', 'reason must be at most 500 characters'),
  ProtectionErrors.alreadyProtected('movie-tmdb-1', 'Alien'),
  ProtectionErrors.requestPending('movie-tmdb-1', 'Alien', 'r'),
  ProtectionErrors.requestNotFound('r'),
  ProtectionErrors.requestDecided('r', 'denied'),
  ProtectionErrors.pruneRunning(new Map([['movie-tmdb-1', '7']])),
  invalidParameter('limit', 'an integer'),
  PruneErrors.itemNotFound('movie-tmdb-1'),
  PruneErrors.itemProtected('Alien', 'kept', 'admin'),
  PruneErrors.protectionRequestPending('Alien', 2, 'please'),
  PruneErrors.pruneInProgress('Alien', '7'),
  PruneErrors.connectionNotFound('00000000-0000-4000-8000-000000000000'),
  PruneErrors.connectionLacksItem('Radarr', '00000000-0000-4000-8000-000000000000', 'Alien'),
  PruneErrors.connectionNamedTwice('Radarr', '00000000-0000-4000-8000-000000000000'),
  PruneErrors.seasonOfMovie('Alien'),
  PruneErrors.seasonNotFound('Alien', 3, [1, 2]),
  McpErrors.toolRoleRequired('plex_prune', ['Admin'], 'Guest'),
  McpErrors.internal('plex_prune'),
];
const enumerated = [
  ...Object.values(ProtectionErrorCode),
  ...Object.values(QueryErrorCode),
  ...Object.values(PruneErrorCode),
  ...Object.values(McpErrorCode),
];

describe('docs/api-errors.md, curation section', () => {
  it('has one row per code of the enums, and no other', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.code).sort()).toEqual([...enumerated].sort());
    expect(errors.map((error) => error.code).sort()).toEqual([...enumerated].sort());
  });

  it('gives each code the status its error becomes', () => {
    const documented = new Map(rows.map((row) => [row.code, row.status]));
    for (const error of errors)
      expect([error.code, documented.get(error.code)]).toEqual([error.code, httpStatusOf(error.kind)]);
  });
});
