// The MCP reference servers: everything, filesystem, memory and sequential-thinking.
import { type LabeledQuery, labeled } from '../labeled-query';
import { HELDOUT, NAMED, within } from './independent-options';

const OPEN: readonly LabeledQuery[] = [
  labeled(
    'indep-ref-nginx-error-tail',
    "show me the last 50 lines of '/var/log/nginx/error.log'",
    // read_file is deprecated but still returns the tail.
    ['filesystem__read_text_file', 'filesystem__read_file'],
    HELDOUT,
  ),
  labeled(
    'indep-ref-src-tree-json',
    'json tree of everything under src/, skip node_modules',
    ['filesystem__directory_tree'],
    HELDOUT,
  ),
  labeled(
    'indep-ref-remember-preference',
    'remember that Alice prefers async standups',
    // A new person becomes an entity with that observation; a known one gets it added.
    ['memory__add_observations', 'memory__create_entities'],
    HELDOUT,
  ),
  labeled(
    'indep-ref-recall-orion',
    'what do you remember about project Orion?',
    ['memory__search_nodes', 'memory__open_nodes'],
    HELDOUT,
  ),
  labeled(
    'indep-ref-reason-step-by-step',
    "this one's tricky - reason through it step by step and revise earlier steps if needed",
    ['sequential-thinking__sequentialthinking'],
    HELDOUT,
  ),
  labeled(
    'indep-ref-reachable-folders',
    'which folders can you actually get at on this machine?',
    ['filesystem__list_allowed_directories'],
    HELDOUT,
  ),
];

const NAMED_PRODUCT: readonly LabeledQuery[] = [
  labeled(
    'indep-ref-graph-drop-relation',
    "knowledge graph: drop the relation 'Bob manages Carol'",
    ['memory__delete_relations'],
    NAMED,
  ),
  labeled(
    'indep-ref-everything-sampling',
    "on the everything server, fire an LLM sampling request with prompt 'hi'",
    ['everything__trigger-sampling-request'],
    NAMED,
  ),
  labeled(
    'indep-ref-filesystem-rename-notes',
    'use the filesystem server to rename notes.txt to notes-2024.txt',
    ['filesystem__move_file'],
    NAMED,
  ),
];

const SERVER_FILTER: readonly LabeledQuery[] = [
  labeled(
    'indep-ref-filter-mkdir-p',
    'mkdir -p a/b/c',
    ['filesystem__create_directory'],
    within('filesystem'),
  ),
  labeled(
    'indep-ref-filter-slow-task-progress',
    'simulate a slow task that reports progress, 10s in 5 steps',
    ['everything__trigger-long-running-operation'],
    within('everything'),
  ),
];

export const INDEPENDENT_REFERENCE_SERVERS_QUERIES: readonly LabeledQuery[] = [
  ...OPEN,
  ...NAMED_PRODUCT,
  ...SERVER_FILTER,
];
