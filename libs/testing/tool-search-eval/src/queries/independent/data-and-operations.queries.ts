// Databases, storage, observability, error tracking, on-call and infrastructure. SQL needs with no
// engine named are answered by every SQL server that has the capability.
import { type LabeledQuery, labeled } from '../labeled-query';
import { HELDOUT, NAMED, within } from './independent-options';

const OPEN: readonly LabeledQuery[] = [
  labeled(
    'indep-data-heaviest-sql',
    'which SQL statements are eating the most time on the db?',
    ['postgres__list_slow_queries', 'mysql__mysql_list_slow_queries', 'mssql__listSlowQueries'],
    HELDOUT,
  ),
  labeled(
    'indep-data-why-query-slow-plan',
    'why is this slow: EXPLAIN SELECT * FROM orders WHERE customer_id = 42',
    [
      'postgres__explain_query',
      'mysql__mysql_explain_query',
      'sqlite__explain_query',
      'mssql__explainQuery',
      'snowflake__explain_query',
      'bigquery__explain-query',
      'clickhouse__clickhouse_explain_query',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-data-users-table-columns',
    'what columns does the users table have, and which are nullable',
    [
      'postgres__describe_table',
      'mysql__mysql_describe_table',
      'sqlite__describe_table',
      'mssql__describeTable',
      'snowflake__describe_table',
      'bigquery__describe-table',
      'clickhouse__clickhouse_describe_table',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-data-who-is-connected',
    "who's connected to the database right now and what are they running",
    [
      'postgres__list_active_connections',
      'mysql__mysql_list_active_connections',
      'mssql__listActiveConnections',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-data-sql-result-to-csv',
    'dump the result of this sql into a csv for the finance team',
    ['postgres__export_query_to_csv', 'snowflake__export_query_to_csv', 'bigquery__export-query-to-csv'],
    HELDOUT,
  ),
  labeled(
    'indep-data-which-buckets',
    'what storage buckets do we have',
    ['s3__list_buckets', 'gcs__list_buckets', 'azure-blob__listContainers'],
    HELDOUT,
  ),
  labeled(
    'indep-data-temp-download-link',
    'temporary download link for backups/db-2024-06-01.tar.gz, valid for 1 hour',
    ['s3__generate_presigned_url', 'gcs__generate_presigned_url', 'azure-blob__generatePresignedUrl'],
    HELDOUT,
  ),
  labeled(
    'indep-data-share-budget-sheet',
    'share budget-2025.xlsx with ops@acme.com so they can edit it',
    [
      'google-drive__share_file',
      'dropbox__share_file',
      'onedrive__shareFile',
      'box__share-file',
      'sharepoint__share_file',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-data-contract-old-versions',
    'version history of contract.docx, I need what it looked like last month',
    [
      'google-drive__list_file_revisions',
      'dropbox__list_file_revisions',
      'onedrive__listFileRevisions',
      'sharepoint__list_file_revisions',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-data-shared-with-me',
    'docs other people shared with me recently',
    ['google-drive__list_shared_with_me', 'onedrive__listSharedWithMe'],
    HELDOUT,
  ),
  labeled(
    'indep-data-todo-comments',
    'find every TODO comment in the workspace source',
    ['workspace-files__grep'],
    HELDOUT,
  ),
  labeled(
    'indep-data-checkout-pod-restarts',
    'find out why the checkout pod keeps restarting',
    [
      'kubernetes__get_pod_logs',
      'kubernetes__describe_resource',
      'kubernetes__get_events',
      'kubernetes__get_pod',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-data-laptop-disk-containers',
    'container junk is eating my laptop disk, clear out stopped ones and dangling images',
    ['docker__prune_system'],
    HELDOUT,
  ),
  labeled(
    'indep-data-a-record-api',
    'add an A record api.example.com -> 203.0.113.7',
    ['cloudflare__create_dns_record'],
    HELDOUT,
  ),
  labeled(
    'indep-data-invalidate-cdn',
    'invalidate the cdn cache for /assets/app.js after the hotfix',
    ['cloudflare__purge_cache'],
    HELDOUT,
  ),
  labeled(
    'indep-data-cloud-bill-by-service',
    'how much did we spend on cloud last month, broken down per service',
    ['aws__get_cost_and_usage'],
    HELDOUT,
  ),
  labeled(
    'indep-data-oncall-payments',
    "who's on call right now for payments",
    ['pagerduty__list_oncalls', 'opsgenie__list-oncalls', 'incident-io__list_oncalls'],
    HELDOUT,
  ),
  labeled(
    'indep-data-stop-paging',
    'ack the incident so it stops paging me',
    [
      'pagerduty__acknowledge_incident',
      'opsgenie__acknowledge-incident',
      'incident-io__acknowledge_incident',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-data-declare-incident',
    'declare an incident: checkout latency spike, high urgency',
    ['pagerduty__create_incident', 'opsgenie__create-incident', 'incident-io__create_incident'],
    HELDOUT,
  ),
  labeled(
    'indep-data-npe-fixed',
    'mark the NullPointerException error group as fixed',
    [
      'sentry__resolve_issue',
      'rollbar__rollbar_resolve_issue',
      'bugsnag__resolveIssue',
      'honeybadger__resolve-issue',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-data-exception-stacktrace',
    'full stacktrace + breadcrumbs for exception event 8a7f3c',
    ['sentry__get_event', 'rollbar__rollbar_get_event', 'bugsnag__getEvent', 'honeybadger__get-event'],
    HELDOUT,
  ),
  labeled(
    'indep-data-crash-free-380',
    'crash free users % for release 3.8.0',
    ['sentry__get_release_health', 'bugsnag__getReleaseHealth', 'honeybadger__get-release-health'],
    HELDOUT,
  ),
  labeled(
    'indep-data-promql-request-rate',
    'PromQL rate(http_requests_total[5m]) over the last 3 hours',
    ['prometheus__range_query', 'grafana__query_prometheus'],
    HELDOUT,
  ),
  labeled(
    'indep-data-search-connection-reset',
    "search our logs for 'connection reset by peer' over the past hour",
    [
      'datadog__search_logs',
      'splunk__splunk_run_search',
      'grafana__query_loki_logs',
      'aws__get_cloudwatch_logs',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-data-alerts-firing-now',
    'which monitoring alerts are firing right now',
    [
      'prometheus__list_alerts',
      'grafana__list_alert_rules',
      'splunk__splunk_list_fired_alerts',
      'newrelic__listOpenAlertIncidents',
      'datadog__list_monitors',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-data-deploy-marker',
    'mark the 14:05 deploy on our charts so we can correlate the latency jump',
    ['grafana__create_annotation', 'newrelic__createDeploymentMarker'],
    HELDOUT,
  ),
  labeled(
    'indep-data-env-inside-container',
    'run `env` inside the running api container to check its config',
    ['docker__exec_command', 'kubernetes__exec_in_pod'],
    HELDOUT,
  ),
  labeled(
    'indep-data-insert-audit-rows',
    'insert three rows into the audit_log table',
    [
      'postgres__execute',
      'mysql__mysql_execute',
      'sqlite__write_query',
      'mssql__execute',
      'snowflake__run_statement',
      'clickhouse__clickhouse_run_command',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-data-analytics-schema-tables',
    'what tables are in the analytics schema',
    [
      'postgres__list_tables',
      'mysql__mysql_list_tables',
      'sqlite__list_tables',
      'mssql__listTables',
      'snowflake__list_tables',
      'bigquery__list-tables',
      'clickhouse__clickhouse_list_tables',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-data-orders-indexes',
    'is there an index on orders.customer_id? show the indexes of that table',
    [
      'postgres__list_indexes',
      'mysql__mysql_list_indexes',
      'sqlite__list_indexes',
      'mssql__listIndexes',
      'clickhouse__clickhouse_list_indexes',
      'dynamodb__describeTable',
    ],
    HELDOUT,
  ),
];

const NAMED_PRODUCT: readonly LabeledQuery[] = [
  labeled(
    'indep-data-pg-top-statements',
    'pg: top 10 statements from pg_stat_statements by total time',
    ['postgres__list_slow_queries'],
    NAMED,
  ),
  labeled(
    'indep-data-snowflake-warehouses-up',
    'which snowflake warehouses are running and burning credits',
    ['snowflake__list_warehouses'],
    NAMED,
  ),
  labeled(
    'indep-data-bq-datasets',
    'BigQuery datasets in project acme-analytics',
    ['bigquery__list-datasets'],
    NAMED,
  ),
  labeled(
    'indep-data-esql-count-by-host',
    'ES|QL: FROM logs-* | STATS count() BY host.name',
    ['elasticsearch__esql_query'],
    NAMED,
  ),
  labeled(
    'indep-data-mongo-group-country',
    'mongo: group orders by country and sum the totals',
    ['mongodb__aggregate'],
    NAMED,
  ),
  labeled(
    'indep-data-redis-pubsub-reload',
    "redis pubsub: send 'reload' on config-updates",
    ['redis__publish_message'],
    NAMED,
  ),
  labeled(
    'indep-data-s3-archive-copy',
    'copy s3://acme-logs/2024/app.log into the acme-archive bucket',
    ['s3__copy_object'],
    NAMED,
  ),
  labeled(
    'indep-data-grafana-panel-png',
    'grafana - render panel 4 of dashboard abc123 as an image for the postmortem',
    ['grafana__render_panel_image'],
    NAMED,
  ),
  labeled(
    'indep-data-splunk-500s-by-uri',
    'splunk: index=web status=500 | stats count by uri, last 24h',
    ['splunk__splunk_run_search'],
    NAMED,
  ),
  labeled(
    'indep-data-k8s-cordon-node',
    'k8s cordon ip-10-0-3-7 before the maintenance window',
    ['kubernetes__cordon_node'],
    NAMED,
  ),
  labeled(
    'indep-data-docker-build-api',
    'docker build -t api:dev ./services/api',
    ['docker__build_image'],
    NAMED,
  ),
  labeled(
    'indep-data-helm-bump-replicas',
    'helm upgrade ingress-nginx with replicaCount=3',
    ['helm__upgrade-release'],
    NAMED,
  ),
  labeled(
    'indep-data-sentry-noisiest-web',
    'noisiest unresolved errors in the web project on Sentry',
    ['sentry__list_issues'],
    NAMED,
  ),
  labeled(
    'indep-data-pagerduty-mitigation-note',
    "add to PagerDuty incident Q1XYZ: 'mitigated by rollback, monitoring'",
    ['pagerduty__add_incident_note'],
    NAMED,
  ),
];

const SERVER_FILTER: readonly LabeledQuery[] = [
  labeled(
    'indep-data-filter-k8s-local-5432',
    'reach the postgres service from localhost:5432',
    ['kubernetes__port_forward'],
    within('kubernetes'),
  ),
  labeled(
    'indep-data-filter-datadog-slow-traces',
    'traces over 2s for service checkout',
    ['datadog__search_spans'],
    within('datadog'),
  ),
  labeled(
    'indep-data-filter-es-field-types',
    'field types of orders-v2',
    ['elasticsearch__get_mappings'],
    within('elasticsearch'),
  ),
  labeled(
    'indep-data-filter-tf-outputs',
    'outputs of the stack in infra/prod (vpc id, lb dns)',
    ['terraform__terraform_get_outputs'],
    within('terraform'),
  ),
  labeled(
    'indep-data-filter-drive-deck-pdf',
    'convert the Q3 deck to pdf',
    ['google-drive__export_document'],
    within('google-drive'),
  ),
  labeled(
    'indep-data-filter-redis-session-expiry',
    'how long until session:abc123 expires',
    ['redis__get_ttl'],
    within('redis'),
  ),
  labeled(
    'indep-data-filter-workspace-changelog-line',
    'add one line at the end of CHANGELOG.md without rewriting it',
    ['workspace-files__appendFile'],
    within('workspace-files'),
  ),
];

export const INDEPENDENT_DATA_AND_OPERATIONS_QUERIES: readonly LabeledQuery[] = [
  ...OPEN,
  ...NAMED_PRODUCT,
  ...SERVER_FILTER,
];
