// The real reference servers (everything, filesystem, memory, sequential-thinking), asked for in
// plain words rather than their tool names.
import { type LabeledQuery, labeled } from '../labeled-query';
import { NAMED, TUNE, within } from './fifth-options';

export const FIFTH_REFERENCE_SERVER_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fifth-ref-01',
    'please remember that Chloe prefers morning meetings',
    ['memory__add_observations', 'memory__create_entities'],
    TUNE,
  ),
  labeled(
    'fifth-ref-02',
    'what do you recall about Project Atlas?',
    ['memory__search_nodes', 'memory__open_nodes'],
    TUNE,
  ),
  labeled(
    'fifth-ref-03',
    "forget the bit about Dave working in finance, it's wrong",
    ['memory__delete_observations'],
    TUNE,
  ),
  labeled(
    'fifth-ref-04',
    'reason through this migration plan one step at a time, revisiting earlier steps as we go',
    ['sequential-thinking__sequentialthinking'],
    TUNE,
  ),
  labeled(
    'fifth-ref-05',
    'how big is /data/export.csv and when was it last touched?',
    ['filesystem__get_file_info', 'workspace-files__statPath'],
    TUNE,
  ),
  labeled(
    'fifth-ref-06',
    'which places on disk am I permitted to touch?',
    ['filesystem__list_allowed_directories'],
    within('filesystem'),
  ),
  labeled(
    'fifth-ref-07',
    'rename docs/draft.md to docs/final.md',
    ['filesystem__move_file'],
    within('filesystem'),
  ),
  labeled('fifth-ref-08', 'add 19 and 23', ['everything__get-sum'], within('everything')),
  labeled('fifth-ref-09', 'note that Alice manages Bob', ['memory__create_relations'], within('memory')),
  labeled(
    'fifth-ref-10',
    'on the Everything test server, run a pretend long job in 5 stages',
    ['everything__trigger-long-running-operation'],
    NAMED,
  ),
];
