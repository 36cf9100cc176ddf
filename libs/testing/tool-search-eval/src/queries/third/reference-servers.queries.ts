// The reference servers (everything, filesystem, memory, sequential-thinking) and the two other
// file servers, whose tools overlap the filesystem server's: local paths go to both local servers,
// remote ones to SFTP.
import type { LabeledQuery } from '../labeled-query';
import { labeled } from '../labeled-query';
import { NAMED, TUNE, within } from './third-options';

const OPEN_QUERIES: readonly LabeledQuery[] = [
  // Whether Kovac is already an entity is unknown, so adding an observation and creating one both fit.
  labeled(
    'third-ref-kovac-mornings',
    'remember for later that the client Kovac prefers calls in the morning, save it in memory',
    ['memory__add_observations', 'memory__create_entities'],
    TUNE,
  ),
  labeled(
    'third-ref-structure-before-refactor',
    'Before refactoring I want to see the whole folder structure of the project, recursively, as a tree with the nested children',
    ['filesystem__directory_tree'],
    TUNE,
  ),
  labeled('third-ref-grep-todo-src', 'grep for TODO in all files under src', ['workspace-files__grep'], TUNE),
  labeled(
    'third-ref-port-change-with-diff',
    'in config.yaml change port 8080 to 9090 and show me the diff of what changed',
    ['filesystem__edit_file'],
    TUNE,
  ),
  labeled(
    'third-ref-deploy-sh-to-build-server',
    'the build server needs the new deploy.sh copied to /opt/app so the job can run it',
    ['sftp__sftp_upload_file', 'sftp__sftp_write_file'],
    TUNE,
  ),
  labeled(
    'third-ref-revise-earlier-step',
    'think step by step through this migration plan, and go back to revise an earlier step if needed',
    ['sequential-thinking__sequentialthinking'],
    TUNE,
  ),
  labeled(
    'third-ref-parquet-size-modified',
    'size and last modified date of ./data/export.parquet',
    ['filesystem__get_file_info', 'workspace-files__statPath'],
    TUNE,
  ),
  labeled(
    'third-ref-folders-i-may-touch',
    'which folders am I allowed to touch with the file tools',
    ['filesystem__list_allowed_directories'],
    TUNE,
  ),
];

const NAMED_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-ref-everything-progress-demo',
    'Everything server: trigger the long running operation demo with 5 steps, I want to watch the progress',
    ['everything__trigger-long-running-operation'],
    NAMED,
  ),
];

const FILTERED_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-ref-f-everything-env-dump',
    'print all env variables, I need to debug the config',
    ['everything__get-env'],
    within('everything'),
  ),
  labeled(
    'third-ref-f-memory-ana-initech',
    'forget that Ana works at Initech, delete that relation',
    ['memory__delete_relations'],
    within('memory'),
  ),
];

export const THIRD_REFERENCE_SERVERS_QUERIES: readonly LabeledQuery[] = [
  ...OPEN_QUERIES,
  ...NAMED_QUERIES,
  ...FILTERED_QUERIES,
];
