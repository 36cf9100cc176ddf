// Queries whose answers are tools of the real reference servers (everything, filesystem, memory,
// sequential-thinking). Where a synthetic server can do the same job (a second local file server, a
// calculator), its tool is an answer too.
import { labeled, type LabeledQuery } from './labeled-query';

const HINT = { hint: true };
const READ_LOCAL_TEXT = ['filesystem__read_text_file', 'filesystem__read_file', 'workspace-files__readFile'];

export const REFERENCE_SERVER_QUERIES: readonly LabeledQuery[] = [
  labeled('fs-read-config', 'Read the local file ./config/app.yaml and show me its text', READ_LOCAL_TEXT),
  labeled('fs-tail-log', 'I need the last 20 lines of the server log file on disk', READ_LOCAL_TEXT),
  labeled('fs-read-many', 'Load these three source files at once so I can compare them', [
    'filesystem__read_multiple_files',
  ]),
  labeled('fs-read-image', 'Show me this PNG screenshot from my disk as an image', [
    'filesystem__read_media_file',
  ]),
  labeled('fs-write', 'Save this text into notes/todo.md on the local disk, overwriting it', [
    'filesystem__write_file',
    'workspace-files__writeFile',
  ]),
  labeled('fs-edit-line', 'Change line 12 of src/main.ts without rewriting the whole file', [
    'filesystem__edit_file',
  ]),
  labeled('fs-mkdir', 'Create the local directory build/output, including missing parents', [
    'filesystem__create_directory',
    'workspace-files__makeDirectory',
  ]),
  labeled('fs-ls', 'What files are in the current directory?', [
    'filesystem__list_directory',
    'filesystem__list_directory_with_sizes',
    'filesystem__directory_tree',
    'workspace-files__listDirectory',
  ]),
  labeled('fs-biggest', 'Which files in the downloads folder take the most space?', [
    'filesystem__list_directory_with_sizes',
  ]),
  labeled('fs-tree', 'Give me a recursive tree of the project folder as JSON', [
    'filesystem__directory_tree',
  ]),
  labeled('fs-rename', 'Rename report-draft.txt to report-final.txt on my machine', [
    'filesystem__move_file',
    'workspace-files__renamePath',
  ]),
  labeled('fs-glob', 'Find all *.test.ts files under src in the local project', [
    'filesystem__search_files',
    'workspace-files__findFiles',
  ]),
  labeled('fs-stat', 'When was package.json last modified and how big is it?', [
    'filesystem__get_file_info',
    'workspace-files__statPath',
  ]),
  labeled('fs-allowed', 'Which folders am I allowed to access with the file tools?', [
    'filesystem__list_allowed_directories',
  ]),
  labeled('fs-typo-search', 'serch local files matching *.md', [
    'filesystem__search_files',
    'workspace-files__findFiles',
  ]),
  labeled('fs-typo-tree', 'direcory tree of src', ['filesystem__directory_tree']),
  labeled('fs-exact', 'filesystem__read_text_file', ['filesystem__read_text_file'], HINT),
  labeled('fs-filter-read', 'read file', ['filesystem__read_text_file', 'filesystem__read_file'], {
    server: 'filesystem',
  }),
  labeled('ev-echo', "Echo back the text 'ping' to test the connection", ['everything__echo']),
  labeled('ev-sum', 'Add 17 and 25 together', ['everything__get-sum', 'calculator__evaluate_expression']),
  labeled('ev-sum-exact', 'use get-sum to add 2 and 3', ['everything__get-sum'], HINT),
  labeled('ev-env', 'Print the environment variables of the MCP server for debugging', [
    'everything__get-env',
  ]),
  labeled('ev-tiny-image', 'I want a tiny test image', ['everything__get-tiny-image']),
  labeled('ev-gzip', 'gzip this file and return it as a resource', ['everything__gzip-file-as-resource']),
  labeled('ev-logging', 'Turn on the simulated logging messages', ['everything__toggle-simulated-logging']),
  labeled('ev-long-op', 'Start a long running operation that reports progress', [
    'everything__trigger-long-running-operation',
  ]),
  labeled('ev-structured', 'Test structured output: get structured content for a location', [
    'everything__get-structured-content',
  ]),
  labeled('ev-links', 'Get a few resource links to test how the client renders them', [
    'everything__get-resource-links',
  ]),
  labeled('ev-resource-ref', 'Get a reference to resource number 5', ['everything__get-resource-reference']),
  labeled('ev-annotated', 'Show an example of a message with annotations', [
    'everything__get-annotated-message',
  ]),
  labeled('ev-subscriptions', 'Turn off the fake resource subscription updates', [
    'everything__toggle-subscriber-updates',
  ]),
  labeled('ev-research', 'Run a simulated deep research task on solar power', [
    'everything__simulate-research-query',
  ]),
  labeled('mem-remember', 'Remember that Alice works at Acme Corp', [
    'memory__create_entities',
    'memory__add_observations',
    'memory__create_relations',
  ]),
  labeled('mem-relation', 'Record in the knowledge graph that Bob manages Carol', [
    'memory__create_relations',
    'memory__create_entities',
  ]),
  labeled('mem-add-fact', "Add a new fact about the entity 'Project X' to memory", [
    'memory__add_observations',
  ]),
  labeled('mem-forget', 'Forget everything stored about the entity Dave', ['memory__delete_entities']),
  labeled('mem-remove-obs', "Remove the observation 'likes coffee' from Alice", [
    'memory__delete_observations',
  ]),
  labeled('mem-unlink', 'Delete the relation between Bob and Carol', ['memory__delete_relations']),
  labeled('mem-dump', 'Show the whole knowledge graph', ['memory__read_graph']),
  labeled('mem-search', 'Look up nodes in memory that mention Kubernetes', ['memory__search_nodes']),
  labeled('mem-open', 'Open the memory nodes named Alice and Bob', ['memory__open_nodes']),
  labeled('think-steps', 'Think through this tricky problem step by step, revising if needed', [
    'sequential-thinking__sequentialthinking',
  ]),
  labeled('think-breakdown', 'Break down a complex design question into a sequence of thoughts', [
    'sequential-thinking__sequentialthinking',
  ]),
];
