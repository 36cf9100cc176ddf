// Fresh tuning queries (see ../fresh-tuning.queries.ts): code hosting, issue trackers and task tools,
// CI and hosting.
import { labeled, type LabeledQuery } from '../labeled-query';
import { NAMED, TUNE, within } from './fresh-options';

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

export const FRESH_DEVELOPMENT_QUERIES: readonly LabeledQuery[] = [
  ...FORGE_QUERIES,
  ...TRACKER_AND_TASK_QUERIES,
  ...CI_AND_HOSTING_QUERIES,
];
