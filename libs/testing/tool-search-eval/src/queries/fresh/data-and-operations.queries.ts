// Fresh tuning queries (see ../fresh-tuning.queries.ts): databases and data stores, infrastructure and
// observability.
import { labeled, type LabeledQuery } from '../labeled-query';
import { NAMED, TUNE, within } from './fresh-options';

const SQL_DESCRIBE_TABLE = [
  'postgres__describe_table',
  'mysql__mysql_describe_table',
  'sqlite__describe_table',
  'mssql__describeTable',
  'snowflake__describe_table',
  'bigquery__describe-table',
  'clickhouse__clickhouse_describe_table',
];

const DATA_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fresh-sql-pg-hogs',
    'which postgres queries eat the most time',
    ['postgres__list_slow_queries'],
    NAMED,
  ),
  labeled('fresh-sql-users-cols', 'columns of the users table', SQL_DESCRIBE_TABLE, TUNE),
  labeled(
    'fresh-sql-mysql-explain',
    'EXPLAIN this mysql query, its slow',
    ['mysql__mysql_explain_query'],
    NAMED,
  ),
  labeled(
    'fresh-sql-stuck-sessions',
    'who is connected to the db right now, any stuck sessions?',
    [
      'postgres__list_active_connections',
      'mysql__mysql_list_active_connections',
      'mssql__listActiveConnections',
    ],
    TUNE,
  ),
  labeled(
    'fresh-sql-wh-suspended',
    'is the snowflake warehouse suspended?',
    ['snowflake__list_warehouses'],
    NAMED,
  ),
  labeled(
    'fresh-sql-to-csv',
    'dump this query result to a csv file',
    ['snowflake__export_query_to_csv', 'bigquery__export-query-to-csv', 'postgres__export_query_to_csv'],
    TUNE,
  ),
  labeled(
    'fresh-sql-top-events',
    'top 10 events by count in the last hour',
    ['clickhouse__clickhouse_run_select_query'],
    within('clickhouse'),
  ),
  labeled(
    'fresh-sql-vacuum',
    'table sizes and when they were last vacuumed',
    ['postgres__get_table_stats', 'mysql__mysql_get_table_stats'],
    TUNE,
  ),
  labeled(
    'fresh-nosql-mongo-revenue',
    'mongo: revenue per country from orders',
    ['mongodb__aggregate'],
    NAMED,
  ),
  labeled('fresh-nosql-session-expiry', 'when does session:abc123 expire', ['redis__get_ttl'], TUNE),
  labeled('fresh-nosql-cart-keys', 'keys like user:*:cart', ['redis__scan_keys'], within('redis')),
  labeled(
    'fresh-nosql-es-yellow',
    'is the ES cluster yellow again?',
    ['elasticsearch__cluster_health'],
    NAMED,
  ),
  labeled('fresh-nosql-dynamo', 'fetch the dynamo row with pk USER#42', ['dynamodb__getItem'], NAMED),
  labeled(
    'fresh-blob-vendor-link',
    'vendor needs a temporary download link for s3://exports/q3.zip',
    ['s3__generate_presigned_url'],
    NAMED,
  ),
  labeled(
    'fresh-blob-backup-up',
    'upload backup.tar.gz to the backups bucket',
    ['s3__put_object', 'gcs__put_object', 'azure-blob__putBlob'],
    TUNE,
  ),
  labeled(
    'fresh-drive-share-deck',
    'share the Q4 deck with marketing@corp.com',
    [
      'google-drive__share_file',
      'dropbox__share_file',
      'onedrive__shareFile',
      'box__share-file',
      'sharepoint__share_file',
    ],
    TUNE,
  ),
  labeled(
    'fresh-drive-od-shared',
    'what have people shared with me on onedrive',
    ['onedrive__listSharedWithMe'],
    NAMED,
  ),
  labeled(
    'fresh-drive-old-version',
    'I need last tuesday’s version of budget.xlsx back',
    [
      'google-drive__list_file_revisions',
      'dropbox__list_file_revisions',
      'onedrive__listFileRevisions',
      'sharepoint__list_file_revisions',
    ],
    TUNE,
  ),
  labeled('fresh-drive-nda', 'the signed NDA pdf', ['box__search-files'], within('box')),
  labeled('fresh-files-exec-bit', 'make deploy.sh on the build box executable', ['sftp__sftp_chmod'], TUNE),
];

const OPERATIONS_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fresh-obs-p99',
    'p99 latency of checkout-svc over the last 6h in promql',
    ['prometheus__range_query', 'grafana__query_prometheus'],
    TUNE,
  ),
  labeled(
    'fresh-obs-silence',
    'silence the disk-space monitor til monday, we know',
    ['datadog__mute_monitor'],
    TUNE,
  ),
  labeled(
    'fresh-obs-payment-errors',
    'errors from payment-service in the past 15 min',
    ['datadog__search_logs'],
    within('datadog'),
  ),
  labeled(
    'fresh-obs-nr-errors',
    "how's the error rate of the storefront app in new relic",
    ['newrelic__getApplicationMetrics'],
    NAMED,
  ),
  labeled(
    'fresh-obs-deploy-marker',
    "mark today's 14:05 deploy on the graphs",
    ['newrelic__createDeploymentMarker', 'grafana__create_annotation'],
    TUNE,
  ),
  labeled('fresh-obs-spl', 'index=web status=500 | stats count by host', ['splunk__splunk_run_search'], TUNE),
  labeled(
    'fresh-obs-cpu-png',
    'picture of the CPU panel to paste into the incident doc',
    ['grafana__render_panel_image'],
    TUNE,
  ),
  labeled(
    'fresh-obs-firing',
    'what alerts are firing rn',
    [
      'prometheus__list_alerts',
      'splunk__splunk_list_fired_alerts',
      'grafana__list_alert_rules',
      'datadog__list_monitors',
      'newrelic__listOpenAlertIncidents',
    ],
    TUNE,
  ),
  labeled(
    'fresh-err-ios-crashes',
    'top crashes in the ios app this week',
    [
      'sentry__list_issues',
      'rollbar__rollbar_list_issues',
      'bugsnag__listIssues',
      'honeybadger__list-issues',
    ],
    TUNE,
  ),
  labeled('fresh-err-sentry-trace', 'stack trace for sentry event 9f8e7d', ['sentry__get_event'], NAMED),
  labeled(
    'fresh-err-close-item',
    'close out item 4412, fixed in 1.8.2',
    ['rollbar__rollbar_resolve_issue'],
    within('rollbar'),
  ),
  labeled(
    'fresh-err-crash-free',
    'crash-free users for 4.12.0',
    ['sentry__get_release_health', 'bugsnag__getReleaseHealth', 'honeybadger__get-release-health'],
    TUNE,
  ),
  labeled(
    'fresh-oncall-who',
    "who's on call for payments tonight?",
    ['pagerduty__list_oncalls', 'opsgenie__list-oncalls', 'incident-io__list_oncalls'],
    TUNE,
  ),
  labeled(
    'fresh-oncall-ack',
    'ack the page',
    [
      'pagerduty__acknowledge_incident',
      'opsgenie__acknowledge-incident',
      'incident-io__acknowledge_incident',
    ],
    TUNE,
  ),
  labeled(
    'fresh-oncall-pd-page',
    'page the db team on pagerduty, replication lag is 20 min',
    ['pagerduty__create_incident'],
    NAMED,
  ),
  labeled(
    'fresh-oncall-nobody',
    "nobody's responding, bump it up a level",
    ['opsgenie__escalate-incident'],
    within('opsgenie'),
  ),
  labeled(
    'fresh-k8s-crashloop',
    'api pod in CrashLoopBackOff, show what the previous container printed before dying',
    ['kubernetes__get_pod_logs'],
    TUNE,
  ),
  labeled('fresh-k8s-bounce', 'bounce the worker deployment', ['kubernetes__rollout_restart'], TUNE),
  labeled(
    'fresh-k8s-describe',
    'kubectl describe pod ingress-7f9c',
    ['kubernetes__describe_resource', 'kubernetes__get_pod'],
    NAMED,
  ),
  labeled(
    'fresh-k8s-maintenance',
    'keep new workloads off ip-10-0-3-12 while we patch it',
    ['kubernetes__cordon_node'],
    TUNE,
  ),
  labeled(
    'fresh-docker-pg-logs',
    'tail the logs of my local postgres container',
    ['docker__get_container_logs'],
    TUNE,
  ),
  labeled('fresh-docker-disk', 'docker is eating 40GB, free up space', ['docker__prune_system'], NAMED),
  labeled(
    'fresh-helm-rollback',
    'helm: take ingress-nginx back to revision 12',
    ['helm__rollback-release'],
    NAMED,
  ),
  labeled(
    'fresh-shell-env',
    'run `env` inside the running api container',
    ['docker__exec_command', 'kubernetes__exec_in_pod'],
    TUNE,
  ),
  labeled(
    'fresh-aws-bill',
    'why is the aws bill so high this month, break it down per service',
    ['aws__get_cost_and_usage'],
    NAMED,
  ),
  labeled(
    'fresh-aws-staging-box',
    'bring the staging ec2 box i-0abc123 back up',
    ['aws__start_ec2_instance'],
    NAMED,
  ),
  labeled(
    'fresh-tf-dry-run',
    'dry run the infra changes before I apply',
    ['terraform__terraform_plan'],
    TUNE,
  ),
  labeled(
    'fresh-tf-lb-dns',
    "what's the load balancer hostname the stack exported",
    ['terraform__terraform_get_outputs'],
    within('terraform'),
  ),
  labeled('fresh-cf-purge', 'purge CDN cache for /assets/app.js', ['cloudflare__purge_cache'], TUNE),
];

export const FRESH_DATA_AND_OPERATIONS_QUERIES: readonly LabeledQuery[] = [
  ...DATA_QUERIES,
  ...OPERATIONS_QUERIES,
];
