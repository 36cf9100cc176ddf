// Fictional servers for data: six SQL databases, four NoSQL stores, three object stores, four cloud
// drives and two more file servers that overlap with the reference filesystem server.
import type { FamilySpec, ServerSpec } from '../tool-template.dsl';

const SQL_TOOLS = `
{query_tool} :: Run a read-only SQL query {against|on} {product} and return the rows. :: sql maxRows?
{execute_tool} :: Execute a SQL statement that changes data or schema (INSERT, UPDATE, DELETE, DDL). :: sql :: except=bigquery
list_schemas :: List the schemas in the database. :: - :: except=sqlite,bigquery
list_tables :: List tables {in a schema|of the database}{ with their row counts|}. :: schema?
describe_table :: Describe a table: columns, types, nullability, defaults and keys. :: table schema?
list_indexes :: List the indexes of a table. :: table schema? :: except=bigquery,snowflake
explain_query :: Show the execution plan of a query. :: sql analyze?
list_databases :: List the databases {on the server|in the account}. :: - :: except=sqlite
get_table_stats :: Get size, row count and last vacuum or analyze time of tables. :: schema? :: only=postgres,mysql
list_slow_queries :: List the slowest queries by total execution time from the query statistics. :: limit? :: only=postgres,mysql,mssql
list_active_connections :: List active connections and the queries they are running. :: - :: only=postgres,mysql,mssql
export_query_to_csv :: Run a query and export the result as a CSV file. :: sql :: only=snowflake,bigquery,postgres
list_datasets :: List the datasets of a Google Cloud project. :: projectId? :: only=bigquery
list_warehouses :: List compute warehouses and whether they are running. :: - :: only=snowflake
`;

function sqlServer(
  id: string,
  displayName: string,
  naming: Pick<ServerSpec, 'naming' | 'parameterNaming' | 'namePrefix'>,
  tools: { query: string; execute: string } = { query: 'query', execute: 'execute' },
): ServerSpec {
  return {
    id,
    displayName,
    categories: ['database', 'sql'],
    ...naming,
    vocabulary: { product: displayName, query_tool: tools.query, execute_tool: tools.execute },
  };
}

export const SQL_FAMILY: FamilySpec = {
  tools: SQL_TOOLS,
  servers: [
    sqlServer('postgres', 'PostgreSQL', { naming: 'snake', parameterNaming: 'snake' }),
    sqlServer('mysql', 'MySQL', { naming: 'snake', parameterNaming: 'snake', namePrefix: 'mysql' }),
    sqlServer(
      'sqlite',
      'SQLite',
      { naming: 'snake', parameterNaming: 'snake' },
      { query: 'read_query', execute: 'write_query' },
    ),
    sqlServer('mssql', 'SQL Server', { naming: 'camel', parameterNaming: 'camel' }),
    sqlServer(
      'snowflake',
      'Snowflake',
      { naming: 'snake', parameterNaming: 'snake' },
      { query: 'run_query', execute: 'run_statement' },
    ),
    sqlServer(
      'bigquery',
      'BigQuery',
      { naming: 'kebab', parameterNaming: 'camel' },
      { query: 'query', execute: 'execute' },
    ),
    sqlServer(
      'clickhouse',
      'ClickHouse',
      { naming: 'snake', parameterNaming: 'snake', namePrefix: 'clickhouse' },
      { query: 'run_select_query', execute: 'run_command' },
    ),
  ],
};

export const MONGODB_FAMILY: FamilySpec = {
  tools: `
find :: Find documents in a collection that match a filter. :: database collection filter? projection? limit? sort?
aggregate :: Run an aggregation pipeline on a collection. :: database collection pipeline
count_documents :: Count the documents in a collection that match a filter. :: database collection filter?
insert_many :: Insert documents into a collection. :: database collection documents
update_many :: Update all documents that match a filter. :: database collection filter update
delete_many :: Delete all documents that match a filter. :: database collection filter
list_databases :: List the databases of the MongoDB deployment. :: -
list_collections :: List the collections in a database. :: database
collection_schema :: Infer the schema of a collection from sample documents. :: database collection
create_index :: Create an index on a collection. :: database collection keys
explain :: Explain how a find or aggregate would be executed. :: database collection filter
`,
  servers: [
    {
      id: 'mongodb',
      displayName: 'MongoDB',
      categories: ['database', 'nosql'],
      naming: 'snake',
      parameterNaming: 'camel',
    },
  ],
};

export const REDIS_FAMILY: FamilySpec = {
  tools: `
get_key :: Get the string value stored at a key. :: key
set_key :: Set a key to a string value, optionally with an expiry. :: key value expireSeconds?
delete_key :: Delete one or more keys. :: keys
scan_keys :: List keys matching a pattern with SCAN. :: pattern count?
set_expiry :: Set a time to live on a key. :: key seconds
get_ttl :: Get the remaining time to live of a key. :: key
hash_get_all :: Get all fields and values of a hash. :: key
publish_message :: Publish a message on a Pub/Sub channel. :: channelName message
server_info :: Get server information and statistics (memory, clients, keyspace). :: section?
`,
  servers: [
    {
      id: 'redis',
      displayName: 'Redis',
      categories: ['database', 'cache', 'nosql'],
      naming: 'snake',
      parameterNaming: 'snake',
    },
  ],
};

export const ELASTICSEARCH_FAMILY: FamilySpec = {
  tools: `
search :: Search an index with the Elasticsearch query DSL. :: index queryBody size?
esql_query :: Run an ES|QL query. :: esql
list_indices :: List indices with their health, document count and size. :: pattern?
get_mappings :: Get the field mappings of an index. :: index
index_document :: Add or replace a document in an index. :: index document documentId?
get_document :: Get a document by id. :: index documentId
delete_document :: Delete a document by id. :: index documentId
cluster_health :: Get the health of the cluster. :: -
get_shards :: List shards and where they are allocated. :: index?
`,
  servers: [
    {
      id: 'elasticsearch',
      displayName: 'Elasticsearch',
      categories: ['search', 'database'],
      naming: 'snake',
      parameterNaming: 'snake',
    },
  ],
};

export const DYNAMODB_FAMILY: FamilySpec = {
  tools: `
get_item :: Get an item by its primary key. :: tableName itemKey
put_item :: Create or replace an item. :: tableName item
update_item :: Update attributes of an item. :: tableName itemKey updateExpression
delete_item :: Delete an item by its primary key. :: tableName itemKey
query_table :: Query items by partition key and an optional sort key condition. :: tableName keyConditionExpression limit?
scan_table :: Scan all items of a table, optionally with a filter. :: tableName filterExpression? limit?
list_tables :: List the DynamoDB tables of the account. :: -
describe_table :: Describe a table: key schema, indexes, capacity and item count. :: tableName
`,
  servers: [
    {
      id: 'dynamodb',
      displayName: 'Amazon DynamoDB',
      categories: ['database', 'nosql', 'aws'],
      naming: 'camel',
      parameterNaming: 'camel',
    },
  ],
};

const BLOB_TOOLS = `
list_{buckets_n} :: List the {buckets} of the account. :: prefix?
create_{bucket_n} :: Create a {bucket}. :: bucket region?
delete_{bucket_n} :: Delete an empty {bucket}. :: bucket
list_{objects_n} :: List {objects} in a {bucket}, optionally under a prefix. :: bucket prefix? maxKeys? continuationToken?
get_{object_n} :: Download the content of an {object}. :: bucket key
put_{object_n} :: Upload content as an {object}. :: bucket key content contentType?
delete_{object_n} :: Delete an {object}. :: bucket key
copy_{object_n} :: Copy an {object} to another key or {bucket}. :: bucket key destinationBucket destinationKey
get_{object_n}_metadata :: Get the size, content type, last modified time and metadata of an {object}. :: bucket key
generate_presigned_url :: Create a time-limited URL to download or upload an {object} without credentials. :: bucket key expiresIn? method?
set_{bucket_n}_policy :: Set the access policy of a {bucket}. :: bucket policy :: except=azure-blob
`;

export const BLOB_FAMILY: FamilySpec = {
  tools: BLOB_TOOLS,
  parameterDocs: { bucket: 'string: Name of the {bucket}', key: 'string: Key (path) of the {object}' },
  servers: [
    {
      id: 's3',
      displayName: 'Amazon S3',
      categories: ['storage', 'aws'],
      naming: 'snake',
      parameterNaming: 'camel',
      vocabulary: {
        bucket: 'bucket',
        buckets: 'buckets',
        bucket_n: 'bucket',
        buckets_n: 'buckets',
        object: 'object',
        objects: 'objects',
        object_n: 'object',
        objects_n: 'objects',
      },
    },
    {
      id: 'gcs',
      displayName: 'Google Cloud Storage',
      categories: ['storage', 'google-cloud'],
      naming: 'snake',
      parameterNaming: 'snake',
      vocabulary: {
        bucket: 'bucket',
        buckets: 'buckets',
        bucket_n: 'bucket',
        buckets_n: 'buckets',
        object: 'object',
        objects: 'objects',
        object_n: 'object',
        objects_n: 'objects',
      },
    },
    {
      id: 'azure-blob',
      displayName: 'Azure Blob Storage',
      categories: ['storage', 'azure'],
      naming: 'camel',
      parameterNaming: 'camel',
      vocabulary: {
        bucket: 'container',
        buckets: 'containers',
        bucket_n: 'container',
        buckets_n: 'containers',
        object: 'blob',
        objects: 'blobs',
        object_n: 'blob',
        objects_n: 'blobs',
      },
    },
  ],
};

const DRIVE_TOOLS = `
search_files :: Search {product} files by name or content. :: query pageSize?
list_folder :: List the files and folders in a folder. :: folderId?
get_file_metadata :: Get metadata of a file: name, size, owner, modified time and sharing. :: fileId
download_file :: Download the content of a file. :: fileId
upload_file :: Upload a file to a folder. :: fileName content folderId? mimeType?
create_folder :: Create a folder. :: folderName parentId?
move_file :: Move a file to another folder or rename it. :: fileId destinationFolderId? newName?
delete_file :: Move a file to the trash. :: fileId
share_file :: Share a file with people or create a sharing link. :: fileId emails? role?
list_shared_with_me :: List files others have shared with you. :: pageSize? :: only=google-drive,onedrive
export_document :: Export a Google Docs, Sheets or Slides file as PDF, DOCX, CSV or plain text. :: fileId mimeType :: only=google-drive
list_file_revisions :: List the revisions of a file. :: fileId :: except=box
`;

function driveServer(
  id: string,
  displayName: string,
  naming: ServerSpec['naming'],
  categories: string[],
): ServerSpec {
  return {
    id,
    displayName,
    categories: ['storage', 'files', ...categories],
    naming,
    parameterNaming: 'camel',
    vocabulary: { product: displayName },
  };
}

export const DRIVE_FAMILY: FamilySpec = {
  tools: DRIVE_TOOLS,
  servers: [
    driveServer('google-drive', 'Google Drive', 'snake', ['google']),
    driveServer('dropbox', 'Dropbox', 'snake', []),
    driveServer('onedrive', 'OneDrive', 'camel', ['microsoft']),
    driveServer('box', 'Box', 'kebab', []),
    driveServer('sharepoint', 'SharePoint', 'snake', ['microsoft']),
  ],
};

const FILE_SERVER_TOOLS = `
read_file :: Read a text file. :: path encoding?
write_file :: Write text to a file, replacing its content. :: path content
append_file :: Append text to the end of a file. :: path content :: only=workspace-files
list_directory :: List the entries of a directory. :: path
make_directory :: Create a directory. :: path recursive?
delete_path :: Delete a file or directory. :: path recursive?
rename_path :: Rename or move a file or directory. :: source destination
stat_path :: Get size, permissions and modification time of a file or directory. :: path
find_files :: Find files by glob pattern under a directory. :: path pattern
grep :: Search file contents for a regular expression. :: pattern path? :: only=workspace-files
download_file :: Download a remote file to the local machine. :: remotePath localPath :: only=sftp
upload_file :: Upload a local file to the remote server. :: localPath remotePath :: only=sftp
chmod :: Change the permissions of a remote file. :: path mode :: only=sftp
`;

export const FILE_SERVER_FAMILY: FamilySpec = {
  tools: FILE_SERVER_TOOLS,
  servers: [
    {
      id: 'sftp',
      displayName: 'SFTP (build server)',
      categories: ['files', 'remote'],
      naming: 'snake',
      parameterNaming: 'camel',
      namePrefix: 'sftp',
    },
    {
      id: 'workspace-files',
      displayName: 'Workspace files',
      categories: ['files', 'local'],
      naming: 'camel',
      parameterNaming: 'camel',
    },
  ],
};

export const DATA_FAMILIES: readonly FamilySpec[] = [
  SQL_FAMILY,
  MONGODB_FAMILY,
  REDIS_FAMILY,
  ELASTICSEARCH_FAMILY,
  DYNAMODB_FAMILY,
  BLOB_FAMILY,
  DRIVE_FAMILY,
  FILE_SERVER_FAMILY,
];
