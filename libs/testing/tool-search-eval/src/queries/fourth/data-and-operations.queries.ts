// Databases, storage, observability, error tracking, on-call, clusters and cloud, asked as symptoms
// and on-call shorthand (p95, ack, crashloop, yellow cluster). SQL engines, buckets, drives and
// pagers share tool sets, so an open query lists every server with the capability.
import type { LabeledQuery } from '../labeled-query';
import { labeled } from '../labeled-query';
import { NAMED, TUNE, within } from './fourth-options';

const SLOW_QUERIES = [
  'postgres__list_slow_queries',
  'mysql__mysql_list_slow_queries',
  'mssql__listSlowQueries',
];
const ACTIVE_CONNECTIONS = [
  'postgres__list_active_connections',
  'mysql__mysql_list_active_connections',
  'mssql__listActiveConnections',
];
const DESCRIBE_TABLE = [
  'postgres__describe_table',
  'mysql__mysql_describe_table',
  'sqlite__describe_table',
  'mssql__describeTable',
  'snowflake__describe_table',
  'bigquery__describe-table',
  'clickhouse__clickhouse_describe_table',
];
const EXPORT_CSV = [
  'postgres__export_query_to_csv',
  'snowflake__export_query_to_csv',
  'bigquery__export-query-to-csv',
];
const PRESIGNED_URL = [
  's3__generate_presigned_url',
  'gcs__generate_presigned_url',
  'azure-blob__generatePresignedUrl',
];
const SHARE_FILE = [
  'google-drive__share_file',
  'dropbox__share_file',
  'onedrive__shareFile',
  'box__share-file',
  'sharepoint__share_file',
];
const FILE_REVISIONS = [
  'google-drive__list_file_revisions',
  'dropbox__list_file_revisions',
  'onedrive__listFileRevisions',
  'sharepoint__list_file_revisions',
];
const LATENCY_METRICS = [
  'prometheus__range_query',
  'grafana__query_prometheus',
  'datadog__query_metrics',
  'newrelic__getApplicationMetrics',
  'newrelic__runNrqlQuery',
];
const FIRING_NOW = [
  'prometheus__list_alerts',
  'grafana__list_alert_rules',
  'datadog__list_monitors',
  'datadog__list_incidents',
  'newrelic__listOpenAlertIncidents',
  'splunk__splunk_list_fired_alerts',
  'pagerduty__list_incidents',
  'opsgenie__list-incidents',
  'incident-io__list_incidents',
];
const ON_CALL = ['pagerduty__list_oncalls', 'opsgenie__list-oncalls', 'incident-io__list_oncalls'];
const ACKNOWLEDGE = [
  'pagerduty__acknowledge_incident',
  'opsgenie__acknowledge-incident',
  'incident-io__acknowledge_incident',
];
const LOG_SEARCH = [
  'datadog__search_logs',
  'splunk__splunk_run_search',
  'grafana__query_loki_logs',
  'aws__get_cloudwatch_logs',
];
const ERROR_ISSUES = [
  'sentry__list_issues',
  'rollbar__rollbar_list_issues',
  'bugsnag__listIssues',
  'honeybadger__list-issues',
];
const SNOOZE_ERROR = ['sentry__ignore_issue', 'rollbar__rollbar_ignore_issue', 'honeybadger__ignore-issue'];

export const FOURTH_DATA_AND_OPERATIONS_QUERIES: readonly LabeledQuery[] = [
  // Databases.
  labeled(
    'fourth-ops-eating-the-db',
    'the orders endpoint got slow, which queries are eating the DB?',
    SLOW_QUERIES,
    TUNE,
  ),
  labeled(
    'fourth-ops-users-locks',
    "something's holding locks on the users table — who's connected and what are they running?",
    ACTIVE_CONNECTIONS,
    TUNE,
  ),
  labeled(
    'fourth-ops-sessions-nullable',
    'what columns does analytics.sessions have and which are nullable?',
    DESCRIBE_TABLE,
    TUNE,
  ),
  labeled(
    'fourth-ops-signups-csv',
    "dump last month's signups per day to a csv for the growth team",
    EXPORT_CSV,
    TUNE,
  ),
  labeled(
    'fourth-ops-abandoned-carts',
    "how many carts are sitting in 'abandoned' in the carts collection?",
    ['mongodb__count_documents', 'mongodb__aggregate'],
    TUNE,
  ),
  labeled(
    'fourth-ops-flag-cache',
    'blow away the cached flag ff:checkout-v2 so it reloads',
    ['redis__delete_key'],
    TUNE,
  ),
  labeled(
    'fourth-ops-yellow-cluster',
    "the search cluster went yellow, which shards aren't allocated?",
    ['elasticsearch__get_shards', 'elasticsearch__cluster_health'],
    TUNE,
  ),

  // Storage and drives.
  labeled(
    'fourth-ops-auditor-link',
    'give the auditor a link to q1.pdf in the reports bucket that stops working after 24h',
    PRESIGNED_URL,
    TUNE,
  ),
  labeled('fourth-ops-board-deck', 'share the Q2 board deck with cfo@acme.io, view only', SHARE_FILE, TUNE),
  labeled(
    'fourth-ops-before-karen',
    "I need budget.xlsx as it was before Karen's edits",
    FILE_REVISIONS,
    TUNE,
  ),

  // Metrics, alerts, logs and on-call.
  labeled(
    'fourth-ops-checkout-p95',
    'p95 latency for checkout-api over the last 6 hours',
    LATENCY_METRICS,
    TUNE,
  ),
  labeled('fourth-ops-on-fire', 'is anything on fire in prod right now?', FIRING_NOW, TUNE),
  labeled('fourth-ops-payments-oncall', "who's holding the pager for payments tonight?", ON_CALL, TUNE),
  labeled('fourth-ops-ack-page', "ack P4F2K, I'm on it", ACKNOWLEDGE, TUNE),
  labeled(
    'fourth-ops-silence-disk',
    "silence the disk-space monitor on db-03 until the migration's done at 02:00",
    ['datadog__mute_monitor'],
    TUNE,
  ),
  labeled(
    'fourth-ops-conn-reset',
    "search logs for 'connection reset by peer' between 14:05 and 14:20 UTC",
    LOG_SEARCH,
    TUNE,
  ),
  labeled(
    'fourth-ops-deploy-marker',
    'drop a marker for v5.2.0 on the charts so we can see before/after',
    ['grafana__create_annotation', 'newrelic__createDeploymentMarker'],
    TUNE,
  ),

  // Error tracking.
  labeled(
    'fourth-ops-login-500s',
    "since the 2:10 deploy the login page has been throwing 500s for maybe a third of users and support is getting hammered — what's the exception blowing up the most right now?",
    ERROR_ISSUES,
    TUNE,
  ),
  labeled(
    'fourth-ops-timeout-noise',
    'that TimeoutError is known noise, snooze it for a week',
    SNOOZE_ERROR,
    TUNE,
  ),

  // Clusters, containers, cloud.
  labeled(
    'fourth-ops-worker-queue-12',
    'scale worker-queue in namespace jobs up to 12 pods',
    ['kubernetes__scale_deployment'],
    TUNE,
  ),
  labeled(
    'fourth-ops-crashloop',
    'api pods in payments keep restarting, what did the last crash print?',
    ['kubernetes__get_pod_logs'],
    TUNE,
  ),
  labeled(
    'fourth-ops-ingress-rev7',
    'roll ingress-nginx back to revision 7',
    ['helm__rollback-release'],
    TUNE,
  ),
  labeled(
    'fourth-ops-laptop-disk',
    "laptop's out of disk, clean up old containers and dangling images",
    ['docker__prune_system'],
    TUNE,
  ),
  labeled(
    'fourth-ops-infra-prod-diff',
    'what would change if I applied infra/prod right now?',
    ['terraform__terraform_plan'],
    TUNE,
  ),
  labeled(
    'fourth-ops-api-a-record',
    'point api.acme.dev at 203.0.113.10',
    ['cloudflare__create_dns_record'],
    TUNE,
  ),
  labeled(
    'fourth-ops-cloud-bill',
    'why did the cloud bill jump in May? break it down by service',
    ['aws__get_cost_and_usage'],
    TUNE,
  ),

  // Named products.
  labeled(
    'fourth-ops-pg-vacuum',
    'when did Postgres last vacuum the events table?',
    ['postgres__get_table_stats'],
    NAMED,
  ),
  labeled(
    'fourth-ops-snowflake-wh',
    'is ANALYTICS_WH in Snowflake suspended or running?',
    ['snowflake__list_warehouses'],
    NAMED,
  ),
  labeled(
    'fourth-ops-clickhouse-views',
    'in ClickHouse, page views per country on 2024-05-01',
    ['clickhouse__clickhouse_run_select_query'],
    NAMED,
  ),
  labeled(
    'fourth-ops-redis-memory',
    'how much memory is Redis using and how many clients are hooked up?',
    ['redis__server_info'],
    NAMED,
  ),
  labeled(
    'fourth-ops-gcs-public',
    'make the GCS bucket public-assets world-readable',
    ['gcs__set_bucket_policy'],
    NAMED,
  ),
  labeled(
    'fourth-ops-pagerduty-card-auth',
    'page the checkout service on PagerDuty, high urgency: card auth failing',
    ['pagerduty__create_incident'],
    NAMED,
  ),
  labeled(
    'fourth-ops-sentry-regression',
    'is 3.14.0 crashing more than 3.13 was? check Sentry',
    ['sentry__get_release_health'],
    NAMED,
  ),
  labeled(
    'fourth-ops-terraform-lb',
    'what did terraform export for envs/staging? I need the load balancer hostname',
    ['terraform__terraform_get_outputs'],
    NAMED,
  ),

  // Server filter.
  labeled(
    'fourth-ops-seq-scan',
    'why is SELECT * FROM orders WHERE customer_id = 42 doing a seq scan?',
    ['postgres__explain_query'],
    within('postgres'),
  ),
  labeled(
    'fourth-ops-email-lookup',
    'lookups on users by email are crawling, index that field',
    ['mongodb__create_index'],
    within('mongodb'),
  ),
  labeled(
    'fourth-ops-user-profile-item',
    'fetch pk USER#123 / sk PROFILE from app-main',
    ['dynamodb__getItem', 'dynamodb__queryTable'],
    within('dynamodb'),
  ),
  labeled(
    'fourth-ops-need-secondary',
    'this needs the secondary, bump INC-771 up a level',
    ['opsgenie__escalate-incident'],
    within('opsgenie'),
  ),
  labeled(
    'fourth-ops-kernel-patch',
    'take ip-10-0-3-17 out of scheduling before the kernel patch',
    ['kubernetes__cordon_node'],
    within('kubernetes'),
  ),
  labeled(
    'fourth-ops-cpu-panel-png',
    'render the CPU panel of dashboard k8s-overview for 10:00–11:00 as a PNG for the incident doc',
    ['grafana__render_panel_image'],
    within('grafana'),
  ),
];
