// Databases, object storage, observability, error tracking, incident response, clusters, cloud and
// hosting. SQL engines share one tool set; open SQL queries name none, so every engine that has the
// capability is an answer.
import type { LabeledQuery } from '../labeled-query';
import { labeled } from '../labeled-query';
import { NAMED, TUNE, within } from './third-options';

const SQL_EXPLAIN = [
  'postgres__explain_query',
  'mysql__mysql_explain_query',
  'sqlite__explain_query',
  'mssql__explainQuery',
  'snowflake__explain_query',
  'bigquery__explain-query',
  'clickhouse__clickhouse_explain_query',
] as const;

const SQL_WRITE = [
  'postgres__execute',
  'mysql__mysql_execute',
  'sqlite__write_query',
  'mssql__execute',
  'snowflake__run_statement',
  'clickhouse__clickhouse_run_command',
] as const;

const SLOW_QUERIES = [
  'postgres__list_slow_queries',
  'mysql__mysql_list_slow_queries',
  'mssql__listSlowQueries',
] as const;

const EXPORT_CSV = [
  'postgres__export_query_to_csv',
  'snowflake__export_query_to_csv',
  'bigquery__export-query-to-csv',
] as const;

const ACTIVE_CONNECTIONS = [
  'postgres__list_active_connections',
  'mysql__mysql_list_active_connections',
  'mssql__listActiveConnections',
] as const;

const PRESIGNED_URL = [
  's3__generate_presigned_url',
  'gcs__generate_presigned_url',
  'azure-blob__generatePresignedUrl',
] as const;

const ON_CALL_NOW = [
  'pagerduty__list_oncalls',
  'opsgenie__list-oncalls',
  'incident-io__list_oncalls',
] as const;

const ACKNOWLEDGE = [
  'pagerduty__acknowledge_incident',
  'opsgenie__acknowledge-incident',
  'incident-io__acknowledge_incident',
] as const;

const DECLARE_INCIDENT = [
  'pagerduty__create_incident',
  'opsgenie__create-incident',
  'incident-io__create_incident',
] as const;

const ERROR_EVENT = [
  'sentry__get_event',
  'rollbar__rollbar_get_event',
  'bugsnag__getEvent',
  'honeybadger__get-event',
] as const;

const RESOLVE_ERROR = [
  'sentry__resolve_issue',
  'rollbar__rollbar_resolve_issue',
  'bugsnag__resolveIssue',
  'honeybadger__resolve-issue',
] as const;

const RELEASE_HEALTH = [
  'sentry__get_release_health',
  'bugsnag__getReleaseHealth',
  'honeybadger__get-release-health',
] as const;

const SEARCH_LOGS = [
  'grafana__query_loki_logs',
  'datadog__search_logs',
  'splunk__splunk_run_search',
  'aws__get_cloudwatch_logs',
] as const;

const OPEN_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-ops-latency-plan-orders',
    "I'm chasing a latency regression and need to see the execution plan of the slow SELECT on the orders table, to check whether it actually uses the index",
    SQL_EXPLAIN,
    TUNE,
  ),
  labeled(
    'third-ops-migration-paid-at',
    'run migration: ALTER TABLE invoices ADD COLUMN paid_at TIMESTAMP NULL',
    SQL_WRITE,
    TUNE,
  ),
  labeled(
    'third-ops-queries-eating-time',
    'which queries are eating the most time in the database? give me the top ten',
    SLOW_QUERIES,
    TUNE,
  ),
  labeled(
    'third-ops-revenue-for-finance',
    'finance wants the monthly revenue query result as a file they can open in a spreadsheet',
    EXPORT_CSV,
    TUNE,
  ),
  labeled(
    'third-ops-who-holds-connections',
    'who is holding connections on the primary DB right now and what statements are they running',
    ACTIVE_CONNECTIONS,
    TUNE,
  ),
  labeled(
    'third-ops-auditor-backup-link',
    "the auditor needs to download last night's backup from the bucket without having an account; a link valid for 24 hours is fine",
    PRESIGNED_URL,
    TUNE,
  ),
  labeled(
    'third-ops-public-static-assets',
    'static-assets bucket should be publicly readable - change its bucket policy',
    ['s3__set_bucket_policy', 'gcs__set_bucket_policy'],
    TUNE,
  ),
  labeled(
    'third-ops-checkout-error-budget',
    'how much error budget is left on the checkout SLO this month',
    ['datadog__list_slos'],
    TUNE,
  ),
  labeled(
    'third-ops-payments-rotation',
    'who is on-call for the payments rotation right now, I need to ping them',
    ON_CALL_NOW,
    TUNE,
  ),
  labeled(
    'third-ops-stop-paging-others',
    "I'm looking at it - stop paging everybody else for incident P1234",
    ACKNOWLEDGE,
    TUNE,
  ),
  labeled(
    'third-ops-declare-checkout-down',
    'Checkout is down for all users. I need to declare an incident on the checkout service with high urgency so the responders get paged immediately',
    DECLARE_INCIDENT,
    TUNE,
  ),
  labeled(
    'third-ops-stack-of-event',
    'show me the stack trace of error event 9f8e77 and what happened right before it',
    ERROR_EVENT,
    TUNE,
  ),
  labeled(
    'third-ops-npe-fixed-in-release',
    "the NullPointerException in the error tracker is fixed in today's release, so mark that error as no longer open",
    RESOLVE_ERROR,
    TUNE,
  ),
  labeled(
    'third-ops-crash-free-ios',
    'crash-free sessions for release 5.2.0 of the iOS app',
    RELEASE_HEALTH,
    TUNE,
  ),
  labeled(
    'third-ops-crashed-container-logs',
    'logs of pod api-7d9f in namespace prod, from the previous container that crashed',
    ['kubernetes__get_pod_logs'],
    TUNE,
  ),
  labeled(
    'third-ops-workers-keep-up',
    'the workers deployment needs 6 replicas to keep up with the queue',
    ['kubernetes__scale_deployment'],
    TUNE,
  ),
  labeled(
    'third-ops-restart-one-by-one',
    'restart all pods of deployment checkout one by one without downtime',
    ['kubernetes__rollout_restart'],
    TUNE,
  ),
  labeled(
    'third-ops-ingress-revision-3',
    'roll back the ingress-nginx chart release to revision 3',
    ['helm__rollback-release'],
    TUNE,
  ),
  labeled(
    'third-ops-dry-run-infra',
    'what would change in the infrastructure if I apply this config? dry run only',
    ['terraform__terraform_plan'],
    TUNE,
  ),
  labeled(
    'third-ops-old-css-still-served',
    'after uploading the new assets the old CSS is still served; clear the CDN cache for those files',
    ['cloudflare__purge_cache'],
    TUNE,
  ),
  labeled(
    'third-ops-cloud-spend-by-service',
    'how much did we spend on cloud last month, broken down by service',
    ['aws__get_cost_and_usage'],
    TUNE,
  ),
  // "Production back to the previous version" fits a hosted site and a chart release alike.
  labeled(
    'third-ops-deploy-broke-site',
    'the last deploy broke the site, bring production back to the previous version',
    ['vercel__rollback_deployment', 'netlify__netlify-rollback-deployment', 'helm__rollback-release'],
    TUNE,
  ),
  labeled(
    'third-ops-api-base-url-env',
    'set env var API_BASE_URL for production on the web project',
    ['vercel__set_env_var', 'netlify__netlify-set-env-var'],
    TUNE,
  ),
  labeled(
    'third-ops-oom-last-hour',
    "search the logs for 'OutOfMemoryError' in the last hour",
    SEARCH_LOGS,
    TUNE,
  ),
  labeled(
    'third-ops-correlate-deploy-graphs',
    'mark on the dashboards that version 2.3 got deployed at 14:05, so we can correlate the graphs',
    ['grafana__create_annotation', 'newrelic__createDeploymentMarker'],
    TUNE,
  ),
  labeled(
    'third-ops-cronjob-reindex-events',
    'describe the CronJob nightly-reindex in namespace batch together with its recent events',
    ['kubernetes__describe_resource'],
    TUNE,
  ),
  labeled(
    'third-ops-where-notifications-go',
    'where do alert notifications actually go? list the contact points, like the Slack webhook and the on-call email',
    ['grafana__list_contact_points'],
    TUNE,
  ),
];

const NAMED_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-ops-snowflake-burning-credits',
    "Snowflake: which warehouses are running right now, I don't want to burn credits",
    ['snowflake__list_warehouses'],
    NAMED,
  ),
  labeled(
    'third-ops-bigquery-analytics-datasets',
    'BigQuery: list the datasets in project analytics-prod',
    ['bigquery__list-datasets'],
    NAMED,
  ),
  // A key-condition query on the full key returns the same single item.
  labeled(
    'third-ops-dynamodb-user-profile-item',
    'DynamoDB table users: fetch the item with pk USER#42 and sk PROFILE',
    ['dynamodb__getItem', 'dynamodb__queryTable'],
    NAMED,
  ),
  labeled(
    'third-ops-redis-reload-broadcast',
    "Redis: publish 'reload' on channel config-updates so all instances refresh",
    ['redis__publish_message'],
    NAMED,
  ),
  labeled(
    'third-ops-datadog-maintenance-mute',
    'Datadog: mute monitor 4411 until tomorrow 8am, planned maintenance',
    ['datadog__mute_monitor'],
    NAMED,
  ),
  labeled(
    'third-ops-splunk-failed-logins-report',
    "Splunk: run the saved report 'Failed logins daily'",
    ['splunk__splunk_run_saved_search'],
    NAMED,
  ),
  labeled(
    'third-ops-sentry-noise-24h',
    'Sentry: this issue is just noise, ignore it for 24 hours',
    ['sentry__ignore_issue'],
    NAMED,
  ),
  labeled(
    'third-ops-pagerduty-rollback-note',
    'PagerDuty incident Q1W2: add a note that the rollback started at 14:10',
    ['pagerduty__add_incident_note'],
    NAMED,
  ),
  labeled(
    'third-ops-grafana-cpu-panel-png',
    'Grafana: render the CPU panel of dashboard abc123 as a PNG for the postmortem',
    ['grafana__render_panel_image'],
    NAMED,
  ),
  labeled(
    'third-ops-prometheus-request-rate',
    'Prometheus: evaluate rate(http_requests_total[5m]) over the last 6 hours with a 1m step',
    ['prometheus__range_query'],
    NAMED,
  ),
  labeled(
    'third-ops-helm-redis-values',
    'Helm: what values was the redis release installed with',
    ['helm__get-release-values'],
    NAMED,
  ),
];

const FILTERED_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-ops-f-k8s-cordon-before-maintenance',
    'cordon node ip-10-0-3-17 before maintenance',
    ['kubernetes__cordon_node'],
    within('kubernetes'),
  ),
  labeled(
    'third-ops-f-docker-disk-full',
    'disk is full: clean up dangling images and stopped containers',
    ['docker__prune_system'],
    within('docker'),
  ),
  labeled(
    'third-ops-f-prometheus-targets-down',
    'which scrape targets are down',
    ['prometheus__list_targets'],
    within('prometheus'),
  ),
  labeled(
    'third-ops-f-opsgenie-schedules',
    'show our on-call schedules',
    ['opsgenie__list-schedules'],
    within('opsgenie'),
  ),
  labeled(
    'third-ops-f-mongodb-email-index',
    'add index on the email field of the users collection',
    ['mongodb__create_index'],
    within('mongodb'),
  ),
  labeled(
    'third-ops-f-s3-archive-copy',
    'copy reports/2024.csv to the archive bucket',
    ['s3__copy_object'],
    within('s3'),
  ),
  labeled(
    'third-ops-f-newrelic-app-1234',
    'throughput and error rate of app 1234 for the last 30 min',
    ['newrelic__getApplicationMetrics'],
    within('newrelic'),
  ),
];

export const THIRD_DATA_AND_OPERATIONS_QUERIES: readonly LabeledQuery[] = [
  ...OPEN_QUERIES,
  ...NAMED_QUERIES,
  ...FILTERED_QUERIES,
];
