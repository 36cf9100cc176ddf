// The evaluation catalogs: the real tool lists of the reference servers (captured from the running
// servers by tools/scripts/capture-tool-catalog.mjs), the synthetic core (all families, over 1,000
// tools) and the three scale variants the benchmark reports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolDefinition } from '@platform/tool-search';
import { repositoryRoot } from '../repository-root';
import type { EvalCatalog, EvalServer } from './eval-catalog.types';
import { toolCount } from './eval-catalog.types';
import { BUSINESS_FAMILIES } from './families/business.families';
import { CODE_FAMILIES } from './families/code.families';
import { COMMUNICATION_FAMILIES } from './families/communication.families';
import { DATA_FAMILIES } from './families/data.families';
import { OPERATIONS_FAMILIES } from './families/operations.families';
import { WEB_AND_UTILITY_FAMILIES } from './families/web-and-utility.families';
import { fillerServers } from './filler-servers';
import { PARAMETER_DOCS } from './parameter-docs';
import { renderFamily } from './tool-template.dsl';

/** The seed of every generated part; changing it changes wordings, not which tools exist. */
export const EVAL_SEED = 0x5eed_2026;

/** Relative to the repository root. */
export const REFERENCE_FIXTURE_PATH = 'libs/testing/tool-search-eval/fixtures/reference-servers.tools.json';

interface ReferenceFixture {
  readonly servers: readonly {
    readonly id: string;
    readonly displayName: string;
    readonly categories: readonly string[];
    readonly tools: readonly ToolDefinition[];
  }[];
}

export function referenceCatalog(root: string = repositoryRoot()): EvalCatalog {
  const fixture = JSON.parse(readFileSync(join(root, REFERENCE_FIXTURE_PATH), 'utf8')) as ReferenceFixture;
  return {
    name: 'reference servers',
    servers: fixture.servers.map(({ id, displayName, categories, tools }) => ({
      id,
      displayName,
      categories,
      tools,
    })),
  };
}

export function syntheticCoreCatalog(seed: number = EVAL_SEED): EvalCatalog {
  const families = [
    ...CODE_FAMILIES,
    ...COMMUNICATION_FAMILIES,
    ...DATA_FAMILIES,
    ...OPERATIONS_FAMILIES,
    ...BUSINESS_FAMILIES,
    ...WEB_AND_UTILITY_FAMILIES,
  ];
  return {
    name: 'synthetic core',
    servers: families.flatMap((family) => renderFamily(family, PARAMETER_DOCS, seed)),
  };
}

export const CATALOG_SCALES = [100, 1_000, 5_000] as const;
export type CatalogScale = (typeof CATALOG_SCALES)[number];

/** The servers of the 100-tool variant besides the reference servers. */
const SMALL_SCALE_SERVERS = new Set(['github', 'slack', 'postgres']);

/**
 * - 100: the reference servers plus github, slack and postgres (about 100 tools);
 * - 1,000: the reference servers plus the whole synthetic core (about 1,100 tools);
 * - 5,000: that plus filler servers until the catalog holds at least 5,000 tools.
 */
export function catalogAtScale(scale: CatalogScale, root: string = repositoryRoot()): EvalCatalog {
  const reference = referenceCatalog(root).servers;
  const core = syntheticCoreCatalog().servers;
  switch (scale) {
    case 100:
      return named(scale, [...reference, ...core.filter((server) => SMALL_SCALE_SERVERS.has(server.id))]);
    case 1_000:
      return named(scale, [...reference, ...core]);
    case 5_000: {
      const servers: EvalServer[] = [...reference, ...core];
      let tools = toolCount({ name: '', servers });
      for (const filler of fillerServers(EVAL_SEED, Number.MAX_SAFE_INTEGER)) {
        if (tools >= scale) break;
        servers.push(filler);
        tools += filler.tools.length;
      }
      return named(scale, servers);
    }
  }
}

function named(scale: CatalogScale, servers: readonly EvalServer[]): EvalCatalog {
  return { name: `${scale.toLocaleString('en-US')}-tool variant`, servers };
}
