// Holds docs/api-errors.md's pruning table to PruneErrorCode both ways: every code has a row with
// the status its kind gives, and every row names a code the enum has.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { httpStatusOf } from '@platform/service-kit';
import { PruneErrorCode, PruneErrors } from './prune-errors';

/** Jest runs with the project (or the workspace) as its working directory. */
const REPOSITORY_ROOT = process.cwd().replace(/\/apps\/curation-api$/, '');

function documentedRows(): Map<string, number> {
  const text = readFileSync(join(REPOSITORY_ROOT, 'docs/api-errors.md'), 'utf8');
  const section = text.slice(text.indexOf('## Curation API: pruning'));
  const rows = new Map<string, number>();
  for (const match of section.matchAll(/^\| `(prune\.[a-z-]+)` \| (\d{3}) \|/gm)) {
    rows.set(match[1] as string, Number(match[2]));
  }
  return rows;
}

const EXAMPLES = [
  PruneErrors.itemNotFound('movie-tmdb-1'),
  PruneErrors.itemProtected('Example', 'kept', 'admin'),
  PruneErrors.protectionRequestPending('Example', 2, 'please'),
  PruneErrors.pruneInProgress('Example', '7'),
  PruneErrors.connectionNotFound('00000000-0000-4000-8000-000000000000'),
  PruneErrors.connectionLacksItem('Radarr', '00000000-0000-4000-8000-000000000000', 'Example'),
  PruneErrors.seasonOfMovie('Example'),
  PruneErrors.seasonNotFound('Example', 3, [1, 2]),
];

describe('pruning error codes', () => {
  it('documents every code with the status its kind gives, and nothing else', () => {
    const documented = documentedRows();
    expect([...documented.keys()].sort()).toEqual(Object.values(PruneErrorCode).sort());
    for (const error of EXAMPLES)
      expect([error.code, httpStatusOf(error.kind)]).toEqual([error.code, documented.get(error.code)]);
    expect(new Set(EXAMPLES.map((error) => error.code)).size).toBe(Object.values(PruneErrorCode).length);
  });

  it('says the pending requests in words', () => {
    expect(PruneErrors.protectionRequestPending('Example', 1, 'mine').message).toContain(
      'a pending protection request',
    );
    expect(PruneErrors.protectionRequestPending('Example', 3, 'mine').message).toContain(
      '3 pending protection requests',
    );
  });
});
