// Fresh tuning queries (see ../fresh-tuning.queries.ts): the reference MCP servers (everything,
// filesystem, memory, sequential-thinking).
import { labeled, type LabeledQuery } from '../labeled-query';
import { TUNE, within } from './fresh-options';

const REFERENCE_SERVER_QUERIES: readonly LabeledQuery[] = [
  labeled('fresh-ref-add', '41 + 17', ['everything__get-sum', 'calculator__evaluate_expression'], TUNE),
  labeled('fresh-ref-env', "dump the mcp server's env vars", ['everything__get-env'], TUNE),
  labeled('fresh-ref-test-image', 'a small test png', ['everything__get-tiny-image'], within('everything')),
  labeled(
    'fresh-ref-sampling',
    "ask the client's LLM to summarize this paragraph",
    ['everything__trigger-sampling-request'],
    TUNE,
  ),
  labeled('fresh-fs-tree', 'folder structure of ./src as a tree', ['filesystem__directory_tree'], TUNE),
  labeled(
    'fresh-fs-port',
    'change the port from 3000 to 8080 in config/server.yaml',
    ['filesystem__edit_file'],
    TUNE,
  ),
  labeled(
    'fresh-fs-configs',
    'read package.json, tsconfig.json and .eslintrc at once',
    ['filesystem__read_multiple_files'],
    TUNE,
  ),
  labeled(
    'fresh-fs-look-png',
    "look at screenshot.png and tell me what's in it",
    ['filesystem__read_media_file'],
    TUNE,
  ),
  labeled(
    'fresh-fs-mkdir',
    'mkdir -p out/reports/2024',
    ['filesystem__create_directory', 'workspace-files__makeDirectory', 'sftp__sftp_make_directory'],
    TUNE,
  ),
  labeled(
    'fresh-fs-test-files',
    'find all *.test.ts under packages/',
    ['filesystem__search_files', 'workspace-files__findFiles', 'sftp__sftp_find_files'],
    TUNE,
  ),
  labeled(
    'fresh-fs-env-mtime',
    'when was .env last modified',
    ['filesystem__get_file_info', 'workspace-files__statPath', 'sftp__sftp_stat_path'],
    TUNE,
  ),
  labeled(
    'fresh-fs-rename',
    'rename old_notes.md to notes-2023.md',
    ['filesystem__move_file'],
    within('filesystem'),
  ),
  labeled(
    'fresh-mem-remember',
    'remember that Priya prefers async standups',
    ['memory__add_observations', 'memory__create_entities'],
    TUNE,
  ),
  labeled(
    'fresh-mem-recall',
    'what do you know about project Atlas from earlier sessions?',
    ['memory__search_nodes', 'memory__open_nodes'],
    TUNE,
  ),
  labeled(
    'fresh-mem-manages',
    'note that Priya manages the billing team',
    ['memory__create_relations'],
    TUNE,
  ),
  labeled(
    'fresh-mem-forget',
    'forget that I live in Austin, I moved',
    ['memory__delete_observations'],
    within('memory'),
  ),
  labeled(
    'fresh-think-migration',
    'let me reason this through step by step before picking a migration approach',
    ['sequential-thinking__sequentialthinking'],
    TUNE,
  ),
  labeled(
    'fresh-think-race',
    'work through this race condition slowly, revising my hypotheses as I go',
    ['sequential-thinking__sequentialthinking'],
    TUNE,
  ),
];

export const FRESH_REFERENCE_SERVER_QUERIES: readonly LabeledQuery[] = [...REFERENCE_SERVER_QUERIES];
