// Sixth tuning set: the real reference servers (everything, filesystem, memory, sequential-thinking).
// Open queries list every catalog tool that meets the need; a named product or a server filter
// keeps the answers inside that one server.
import { labeled, type LabeledQuery } from '../labeled-query';
import { NAMED, TUNE, within } from './sixth-options';

export const SIXTH_REFERENCE_SERVER_QUERIES: readonly LabeledQuery[] = [
  labeled('sixth-ref-01', 'dir tree minus node_modules', ['filesystem__directory_tree'], TUNE),
  labeled('sixth-ref-02', 'biggest files in ./logs', ['filesystem__list_directory_with_sizes'], TUNE),
  labeled(
    'sixth-ref-03',
    'preview a config edit as a diff without writing it',
    ['filesystem__edit_file'],
    TUNE,
  ),
  labeled(
    'sixth-ref-04',
    'first remember that Dana owns the billing service so future sessions know, then continue',
    ['memory__create_entities', 'memory__create_relations', 'memory__add_observations'],
    TUNE,
  ),
  labeled(
    'sixth-ref-05',
    'before answering, recall what we stored earlier about the billing service',
    ['memory__search_nodes', 'memory__open_nodes', 'memory__read_graph'],
    TUNE,
  ),
  labeled(
    'sixth-ref-06',
    'reason through this in numbered steps, revising earlier ones if needed',
    ['sequential-thinking__sequentialthinking'],
    TUNE,
  ),
  labeled('sixth-ref-07', 'mcp server process env dump', ['everything__get-env'], TUNE),
  labeled(
    'sixth-ref-08',
    "first check which folders I'm permitted to touch, then write the report there",
    ['filesystem__list_allowed_directories'],
    TUNE,
  ),
  labeled(
    'sixth-ref-09',
    'everything server: fire an LLM sampling request at the client',
    ['everything__trigger-sampling-request'],
    NAMED,
  ),
  labeled(
    'sixth-ref-10',
    'first drop the stale link between Dana and billing, then add the new owner',
    ['memory__delete_relations'],
    within('memory'),
  ),
];
