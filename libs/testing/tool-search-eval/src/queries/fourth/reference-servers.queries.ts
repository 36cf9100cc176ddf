// The real reference servers: everything, filesystem, memory and sequential-thinking. Open queries
// here have no equivalent elsewhere in the catalog (a recursive tree, the allowed roots, a dry-run
// edit, the knowledge graph), so their labels stay inside one server without naming it.
import type { LabeledQuery } from '../labeled-query';
import { labeled } from '../labeled-query';
import { NAMED, TUNE, within } from './fourth-options';

export const FOURTH_REFERENCE_SERVER_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fourth-ref-dana-owns-billing',
    'remember for later: Dana owns the billing service and prefers async reviews',
    ['memory__create_entities', 'memory__add_observations', 'memory__create_relations'],
    TUNE,
  ),
  labeled(
    'fourth-ref-raj-outdated',
    "drop the bit about Raj being on the infra team, that's outdated now",
    ['memory__delete_observations', 'memory__delete_relations'],
    TUNE,
  ),
  labeled(
    'fourth-ref-think-it-through',
    'this migration plan has a lot of moving parts — dual writes, backfill, cutover, rollback — and I keep second-guessing the order, so let me reason it through one step at a time and go back and revise earlier steps if something later breaks them',
    ['sequential-thinking__sequentialthinking'],
    TUNE,
  ),
  labeled(
    'fourth-ref-src-tree',
    "what's under src/ all the way down? skip node_modules",
    ['filesystem__directory_tree'],
    TUNE,
  ),
  labeled(
    'fourth-ref-allowed-roots',
    'which folders am I even allowed to touch here?',
    ['filesystem__list_allowed_directories'],
    TUNE,
  ),
  labeled(
    'fourth-ref-strict-preview',
    "show me what tsconfig.json would look like with strict flipped to true, but don't save it yet",
    ['filesystem__edit_file'],
    TUNE,
  ),
  labeled(
    'fourth-ref-progress-demo',
    'using the everything server, run a fake 10-second job in 5 steps so I can watch the progress updates arrive',
    ['everything__trigger-long-running-operation'],
    NAMED,
  ),
  labeled(
    'fourth-ref-orion-facts',
    'what do we know about Project Orion?',
    ['memory__search_nodes', 'memory__open_nodes'],
    within('memory'),
  ),
  labeled(
    'fourth-ref-retro-rename',
    'rename notes/draft.md to notes/2024-06-12-retro.md',
    ['filesystem__move_file'],
    within('filesystem'),
  ),
  labeled(
    'fourth-ref-config-vars',
    'dump the env vars the server process sees, my config looks off',
    ['everything__get-env'],
    within('everything'),
  ),
];
