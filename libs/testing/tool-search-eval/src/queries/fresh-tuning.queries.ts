// A second tuning set for the tool-search ranker: 160 queries written from the catalog alone
// (families, reference tool lists), independently of the ranker, of its vocabulary and synonyms, and of
// the other query files. They phrase needs the way agents and people do (jargon, abbreviations, typos,
// keyword fragments, concrete ids) so that tuning meets wordings nobody chose with the ranker in mind.
// Every query here is in the `tune` split whatever its id hashes to; none is a headline (held-out) query.
import type { LabeledQuery, QueryOptions } from './labeled-query';
import { labeled } from './labeled-query';

const TUNE = { split: 'tune' } as const;
/** The query names the product. */
const NAMED = { ...TUNE, hint: true } as const;
/** The agent used the `server` filter of `search_tools`. */
function within(server: string): QueryOptions {
  return { ...TUNE, server };
}

const FORGE_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fresh-forge-open-pr',
    'open a PR from feature/login-rate-limit into main',
    [
      'github__create_pull_request',
      'gitlab__create_merge_request',
      'gitea__create-pull-request',
      'bitbucket__createPullRequest',
      'azure-devops__ado_create_pull_request',
    ],
    TUNE,
  ),
  labeled(
    'fresh-forge-mr-diff',
    'show me the diff for MR !482 on gitlab',
    ['gitlab__get_merge_request_diff'],
    NAMED,
  ),
  labeled(
    'fresh-forge-approve',
    'LGTM on pull 1312, approve it',
    [
      'github__create_pull_request_review',
      'gitlab__create_merge_request_review',
      'gitea__create-pull-request-review',
      'bitbucket__createPullRequestReview',
      'azure-devops__ado_create_pull_request_review',
    ],
    TUNE,
  ),
  labeled(
    'fresh-forge-ask-review',
    'ask @maria and @tkim to look at my PR on GitHub',
    ['github__request_reviewers'],
    NAMED,
  ),
  labeled(
    'fresh-forge-squash',
    'squash-merge #77 now that CI is green',
    [
      'github__merge_pull_request',
      'gitlab__merge_merge_request',
      'gitea__merge-pull-request',
      'bitbucket__mergePullRequest',
      'azure-devops__ado_merge_pull_request',
    ],
    TUNE,
  ),
  labeled(
    'fresh-forge-recent-changes',
    'who touched the auth code lately? need the commit log for main',
    [
      'github__list_commits',
      'gitlab__list_commits',
      'gitea__list-commits',
      'bitbucket__listCommits',
      'azure-devops__ado_list_commits',
    ],
    TUNE,
  ),
  labeled(
    'fresh-forge-readme',
    'grab the README from torvalds/linux on github',
    ['github__get_file_contents'],
    NAMED,
  ),
  labeled(
    'fresh-forge-callers',
    'where do we call parseInvoiceLines across all our repos?',
    ['github__search_code', 'gitlab__search_code', 'gitea__search-code', 'azure-devops__ado_search_code'],
    TUNE,
  ),
  labeled(
    'fresh-forge-hotfix-branch',
    'cut hotfix/2.3.1 off release-2.3',
    ['gitea__create-branch'],
    within('gitea'),
  ),
  labeled(
    'fresh-forge-ship-release',
    'publish v3.0.0 with the changelog as notes',
    [
      'github__create_release',
      'gitlab__create_release',
      'gitea__create-release',
      'bitbucket__createRelease',
      'azure-devops__ado_create_release',
    ],
    TUNE,
  ),
  labeled(
    'fresh-forge-fork',
    'copy the upstream repo into our org so I can patch it',
    [
      'github__fork_repository',
      'gitlab__fork_project',
      'gitea__fork-repository',
      'bitbucket__forkRepository',
      'azure-devops__ado_fork_repository',
    ],
    TUNE,
  ),
  labeled('fresh-forge-gh-inbox', 'anything new in my github inbox?', ['github__list_notifications'], NAMED),
  labeled('fresh-forge-whoami', 'whoami', ['azure-devops__ado_get_me'], within('azure-devops')),
  labeled(
    'fresh-forge-actions-fail',
    'why did the GitHub Actions job fail? need its output',
    ['github__get_job_logs'],
    NAMED,
  ),
  labeled(
    'fresh-forge-write-access',
    'give jdoe write access to the infra repo',
    [
      'github__add_collaborator',
      'gitlab__add_collaborator',
      'bitbucket__addCollaborator',
      'azure-devops__ado_add_collaborator',
    ],
    TUNE,
  ),
  labeled(
    'fresh-forge-new-label',
    'make a needs-triage label, orange',
    ['github__create_label', 'gitlab__create_label', 'gitea__create-label', 'azure-devops__ado_create_label'],
    TUNE,
  ),
  labeled(
    'fresh-forge-pr-files',
    'which files does PR 903 touch',
    [
      'github__get_pull_request_files',
      'gitlab__get_merge_request_files',
      'gitea__get-pull-request-files',
      'bitbucket__getPullRequestFiles',
      'azure-devops__ado_get_pull_request_files',
    ],
    TUNE,
  ),
  labeled(
    'fresh-forge-one-commit',
    'commit these 3 files together in a single commit on docs-refresh',
    ['github__push_files', 'gitlab__push_files', 'gitea__push-files', 'azure-devops__ado_push_files'],
    TUNE,
  ),
  labeled(
    'fresh-forge-bb-ci',
    'are the bitbucket pipelines on main green?',
    ['bitbucket__listPipelines'],
    NAMED,
  ),
];

const TRACKER_AND_TASK_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fresh-tracker-done',
    'move ENG-2291 to Done',
    [
      'jira__jira_transition_issue',
      'linear__transitionIssue',
      'youtrack__transition_issue',
      'plane__transition_issue',
    ],
    TUNE,
  ),
  labeled(
    'fresh-tracker-sprint',
    "what's left in this sprint?",
    ['jira__jira_get_sprint_issues', 'jira__jira_list_sprints'],
    TUNE,
  ),
  labeled('fresh-tracker-cycle', 'current Linear cycle for the platform team', ['linear__listCycles'], NAMED),
  labeled(
    'fresh-tracker-timesheet',
    "log 2h on ENG-77 for yesterday's debugging",
    ['jira__jira_log_work', 'youtrack__log_work'],
    TUNE,
  ),
  labeled(
    'fresh-tracker-blocker',
    "PAY-12 can't start until PAY-40 is done, record that dependency",
    ['jira__jira_link_issues', 'linear__linkIssues', 'youtrack__link_issues', 'plane__link_issues'],
    TUNE,
  ),
  labeled(
    'fresh-tracker-who-changed',
    'who bumped the priority on YT-5531 and when',
    ['youtrack__get_issue_history'],
    within('youtrack'),
  ),
  labeled(
    'fresh-tracker-file-bug',
    'file a jira bug: checkout button unresponsive on safari',
    ['jira__jira_create_issue'],
    NAMED,
  ),
  labeled('fresh-tracker-plane-owner', 'give plane ticket WEB-88 to priya', ['plane__assign_issue'], NAMED),
  labeled(
    'fresh-tracker-next-status',
    'which statuses can ENG-4410 go to from here',
    ['jira__jira_get_transitions', 'linear__listWorkflowStates', 'youtrack__list_workflow_states'],
    TUNE,
  ),
  labeled(
    'fresh-tracker-attach-log',
    'attach crash.log to ticket MOB-310',
    ['jira__jira_add_attachment', 'youtrack__add_attachment', 'plane__add_attachment'],
    TUNE,
  ),
  labeled(
    'fresh-task-todo',
    'remind me to renew the SSL cert by friday, put it on my to-do list',
    [
      'asana__asana_create_task',
      'clickup__create_task',
      'todoist__create-task',
      'trello__createCard',
      'monday__create_item',
    ],
    TUNE,
  ),
  labeled(
    'fresh-task-todoist-due',
    'push todoist task 7781 to next monday',
    ['todoist__set-due-date', 'todoist__update-task'],
    NAMED,
  ),
  labeled(
    'fresh-task-trello-column',
    "drag the 'Onboarding emails' card over to the Done column in trello",
    ['trello__moveCard'],
    NAMED,
  ),
  labeled(
    'fresh-task-split-up',
    'split this task into design, build and QA pieces under it',
    ['asana__asana_add_subtask', 'clickup__add_subtask', 'todoist__add-subtask', 'monday__add_subtask'],
    TUNE,
  ),
  labeled(
    'fresh-task-clickup-overdue',
    "what's overdue on my plate",
    ['clickup__search_tasks', 'clickup__list_tasks'],
    within('clickup'),
  ),
];

const CI_AND_HOSTING_QUERIES: readonly LabeledQuery[] = [
  labeled('fresh-ci-flaky', 'flaky tests on circle', ['circleci__get_flaky_tests'], NAMED),
  labeled(
    'fresh-ci-jenkins-kick',
    'kick off a jenkins build of release/5.2',
    ['jenkins__trigger_build'],
    NAMED,
  ),
  labeled(
    'fresh-ci-abort',
    'abort the running build, I already pushed a fix',
    ['circleci__cancel_pipeline', 'jenkins__cancel_build', 'buildkite__cancel-build'],
    TUNE,
  ),
  labeled(
    'fresh-ci-red-tests',
    'which tests went red in job 55102',
    ['circleci__get_test_results', 'jenkins__get_test_results', 'buildkite__get-test-results'],
    TUNE,
  ),
  labeled(
    'fresh-ci-coverage-file',
    'where is the coverage report that job 0189-ab produced',
    ['buildkite__list-artifacts'],
    within('buildkite'),
  ),
  labeled(
    'fresh-ci-retry-red',
    'retry just the jobs that failed, not the whole thing',
    ['circleci__rerun_failed_jobs', 'buildkite__rerun-failed-jobs'],
    TUNE,
  ),
  labeled(
    'fresh-host-vercel-undo',
    'prod broke after the last deploy, revert the site on vercel',
    ['vercel__rollback_deployment'],
    NAMED,
  ),
  labeled(
    'fresh-host-secret',
    'add STRIPE_KEY as an env var for production',
    ['vercel__set_env_var', 'netlify__netlify-set-env-var'],
    TUNE,
  ),
];

const CHAT_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fresh-chat-dm',
    'DM alex that standup moved to 10:30',
    [
      'slack__slack_send_direct_message',
      'teams__sendDirectMessage',
      'discord__send_direct_message',
      'mattermost__send-direct-message',
      'zulip__zulip_send_direct_message',
    ],
    TUNE,
  ),
  labeled(
    'fresh-chat-later',
    'scehdule a slack msg to #eng for 9am tomorrow',
    ['slack__slack_schedule_message'],
    NAMED,
  ),
  labeled(
    'fresh-chat-replies',
    'what did people answer under that thread',
    [
      'slack__slack_get_thread_replies',
      'teams__getThreadReplies',
      'discord__get_thread_replies',
      'mattermost__get-thread-replies',
      'zulip__zulip_get_thread_replies',
    ],
    TUNE,
  ),
  labeled('fresh-chat-thumbs', ':+1: the last message', ['discord__add_reaction'], within('discord')),
  labeled(
    'fresh-chat-slack-find',
    "look through slack for 'db migration' from last week",
    ['slack__slack_search_messages'],
    NAMED,
  ),
  labeled(
    'fresh-chat-pin',
    'pin the on-call rota msg so people can find it',
    ['slack__slack_pin_message', 'teams__pinMessage', 'discord__pin_message', 'zulip__zulip_pin_message'],
    TUNE,
  ),
  labeled(
    'fresh-chat-sick',
    "set my status to 'out sick'",
    ['slack__slack_set_status', 'mattermost__set-status'],
    TUNE,
  ),
  labeled(
    'fresh-chat-zulip-catchup',
    'catch me up on #backend in zulip',
    ['zulip__zulip_get_channel_history'],
    NAMED,
  ),
  labeled(
    'fresh-chat-kenji-tz',
    'what timezone is Kenji in',
    [
      'slack__slack_get_user_profile',
      'teams__getUserProfile',
      'discord__get_user_profile',
      'mattermost__get-user-profile',
      'zulip__zulip_get_user_profile',
    ],
    TUNE,
  ),
  labeled(
    'fresh-chat-typo',
    'fix the typo in what I just posted in #general',
    [
      'slack__slack_update_message',
      'teams__updateMessage',
      'discord__update_message',
      'mattermost__update-message',
      'zulip__zulip_update_message',
    ],
    TUNE,
  ),
];

const MAIL_CALENDAR_AND_DOCS_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fresh-mail-billing',
    'any mail from billing@acme.io with attachments this week?',
    ['gmail__search_emails', 'outlook__listMessages'],
    TUNE,
  ),
  labeled(
    'fresh-mail-gmail-draft',
    "write a gmail reply to the recruiter but don't send it yet",
    ['gmail__draft_email'],
    NAMED,
  ),
  labeled(
    'fresh-mail-outlook-folder',
    'file that outlook email under Receipts',
    ['outlook__moveMessage'],
    NAMED,
  ),
  labeled(
    'fresh-mail-auto-archive',
    'from now on skip the inbox for substack newsletters',
    ['gmail__create_filter'],
    TUNE,
  ),
  labeled(
    'fresh-mail-send-report',
    'email the Q3 report to cfo@corp.com',
    ['gmail__send_email', 'outlook__sendMail'],
    TUNE,
  ),
  labeled(
    'fresh-mail-save-pdf',
    'save the PDF attached to message 18c2f',
    ['gmail__get_attachment'],
    within('gmail'),
  ),
  labeled(
    'fresh-cal-common-slot',
    'when are dana, li and I all free next tuesday for an hour?',
    ['google-calendar__find_free_busy', 'outlook__findMeetingTimes'],
    TUNE,
  ),
  labeled(
    'fresh-cal-dentist',
    "put 'dentist thurs 3pm' on my google calender",
    ['google-calendar__quick_add_event', 'google-calendar__create_event'],
    NAMED,
  ),
  labeled(
    'fresh-cal-decline',
    "can't make the 4pm sync, decline it",
    ['google-calendar__respond_to_event'],
    TUNE,
  ),
  labeled(
    'fresh-cal-today',
    "what's on my calendar today",
    ['google-calendar__list_events', 'outlook__listEvents'],
    TUNE,
  ),
  labeled('fresh-doc-runbook', 'DB failover runbook in confluence', ['confluence__confluence_search'], NAMED),
  labeled(
    'fresh-doc-notion-roadmap',
    'rows in the notion roadmap db where status = shipped',
    ['notion__query_database'],
    NAMED,
  ),
  labeled(
    'fresh-doc-wiki-onboarding',
    'write up a wiki page with the new onboarding steps',
    ['confluence__confluence_create_page', 'notion__create_page'],
    TUNE,
  ),
  labeled(
    'fresh-doc-rename-party',
    "in the contract doc swap 'ACME Ltd' for 'ACME GmbH' everywhere",
    ['google-docs__replaceText'],
    TUNE,
  ),
  labeled(
    'fresh-doc-proposal-pdf',
    'turn the proposal doc 1xA9kQ into a PDF',
    ['google-docs__exportDocumentPdf', 'google-drive__export_document'],
    TUNE,
  ),
  labeled(
    'fresh-doc-linked-from',
    'which of my notes point to [[zettelkasten]]',
    ['obsidian__get-backlinks'],
    TUNE,
  ),
  labeled(
    'fresh-doc-subpages',
    'subpages under Architecture',
    ['confluence__confluence_get_page_children'],
    within('confluence'),
  ),
];

const BUSINESS_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fresh-biz-double-charge',
    'customer got charged twice, give back pi_3NkQ7',
    ['stripe__create_refund'],
    TUNE,
  ),
  labeled('fresh-biz-balance', 'stripe payout balance', ['stripe__get_balance'], NAMED),
  labeled(
    'fresh-biz-closed-won',
    'Globex deal is closed won, update the pipeline',
    ['hubspot__hubspot_update_deal_stage', 'salesforce__updateRecord'],
    TUNE,
  ),
  labeled(
    'fresh-biz-soql',
    'SELECT Id, Name FROM Opportunity WHERE CloseDate = THIS_QUARTER',
    ['salesforce__soqlQuery'],
    TUNE,
  ),
  labeled(
    'fresh-biz-account-fields',
    'what fields does Account have',
    ['salesforce__describeObject'],
    within('salesforce'),
  ),
  labeled(
    'fresh-biz-crm-lookup',
    'look up jane@initech.com in the CRM',
    ['hubspot__hubspot_search_contacts', 'salesforce__soslSearch', 'salesforce__soqlQuery'],
    TUNE,
  ),
  labeled(
    'fresh-biz-zd-note',
    'leave an internal note on zendesk 90210, agents only',
    ['zendesk__add_ticket_comment'],
    NAMED,
  ),
  labeled(
    'fresh-biz-shipped',
    'shopify order 1042 went out with UPS 1Z999AA10123456784',
    ['shopify__fulfill_order'],
    NAMED,
  ),
  labeled(
    'fresh-biz-stock',
    'we have 40 of the blue XL hoodie at the Berlin warehouse now',
    ['shopify__update_inventory'],
    TUNE,
  ),
];

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

const WEB_AND_UTILITY_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fresh-web-xz-news',
    'latest on the xz backdoor',
    ['brave-search__brave_news_search', 'brave-search__brave_web_search'],
    TUNE,
  ),
  labeled(
    'fresh-web-read-page',
    'read https://example.com/changelog for me',
    ['fetch__fetch', 'firecrawl__firecrawl_scrape'],
    TUNE,
  ),
  labeled('fresh-web-crawl-docs', 'crawl docs.example.com, every page', ['firecrawl__firecrawl_crawl'], TUNE),
  labeled(
    'fresh-web-js-errors',
    'any JS errors showing up in devtools on the checkout page?',
    ['browser__browser_get_console_logs'],
    TUNE,
  ),
  labeled(
    'fresh-web-login-form',
    'type my email into the login box',
    ['browser__browser_fill'],
    within('browser'),
  ),
  labeled(
    'fresh-web-coffee',
    'coffee shops near Alexanderplatz',
    ['brave-search__brave_local_search', 'google-maps__maps_search_places'],
    TUNE,
  ),
  labeled(
    'fresh-web-sitemap',
    'sitemap of acme.dev, just the links',
    ['firecrawl__firecrawl_map_site'],
    TUNE,
  ),
  labeled(
    'fresh-util-commute',
    'how long is the drive from SFO to Palo Alto right now',
    ['google-maps__maps_get_directions', 'google-maps__maps_distance_matrix'],
    TUNE,
  ),
  labeled('fresh-util-rain', 'will it rain in lisbon this weeknd', ['weather__get-forecast'], TUNE),
  labeled('fresh-util-pt-ist', "what's 9am PT in Bangalore", ['time__convert_time'], TUNE),
  labeled(
    'fresh-util-german',
    "how do you say 'the invoice is overdue' in German",
    ['translate__translate_text'],
    TUNE,
  ),
  labeled(
    'fresh-util-yt-captions',
    'captions of youtube video dQw4w9WgXcQ',
    ['youtube__getTranscript'],
    NAMED,
  ),
  labeled('fresh-util-arxiv', 'recent arxiv work on speculative decoding', ['arxiv__search_papers'], NAMED),
  labeled('fresh-util-fahrenheit', '72 F in celsius', ['calculator__convert_units'], TUNE),
  labeled('fresh-util-figma-svg', 'export the hero frame from figma as svg', ['figma__export_images'], NAMED),
];

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

export const FRESH_TUNING_QUERIES: readonly LabeledQuery[] = [
  ...FORGE_QUERIES,
  ...TRACKER_AND_TASK_QUERIES,
  ...CI_AND_HOSTING_QUERIES,
  ...CHAT_QUERIES,
  ...MAIL_CALENDAR_AND_DOCS_QUERIES,
  ...BUSINESS_QUERIES,
  ...DATA_QUERIES,
  ...OPERATIONS_QUERIES,
  ...WEB_AND_UTILITY_QUERIES,
  ...REFERENCE_SERVER_QUERIES,
];
