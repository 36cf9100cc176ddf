// Forges, issue trackers, task boards, CI and static hosting, phrased the way a coding agent asks
// mid-task: refs, PR numbers, issue keys and branch names instead of operation names. An open query
// lists every server that can do the job; a named or filtered one only that server's tools.
import type { LabeledQuery } from '../labeled-query';
import { labeled } from '../labeled-query';
import { NAMED, TUNE, within } from './fourth-options';

const CREATE_RELEASE = [
  'github__create_release',
  'gitlab__create_release',
  'gitea__create-release',
  'bitbucket__createRelease',
  'azure-devops__ado_create_release',
];
const LIST_TAGS = [
  'github__list_tags',
  'gitlab__list_tags',
  'gitea__list-tags',
  'bitbucket__listTags',
  'azure-devops__ado_list_tags',
];
const LIST_COLLABORATORS = [
  'github__list_collaborators',
  'gitlab__list_collaborators',
  'gitea__list-collaborators',
  'bitbucket__listCollaborators',
  'azure-devops__ado_list_collaborators',
];
const JOB_LOGS = [
  'github__get_job_logs',
  'gitlab__get_job_logs',
  'bitbucket__getJobLogs',
  'azure-devops__ado_get_job_logs',
  'circleci__get_job_logs',
  'jenkins__get_job_logs',
  'buildkite__get-job-logs',
];
const RERUN_FAILED = [
  'github__rerun_workflow_run',
  'gitlab__rerun_pipeline',
  'bitbucket__rerunPipeline',
  'azure-devops__ado_rerun_pipeline_run',
  'circleci__rerun_failed_jobs',
  'buildkite__rerun-failed-jobs',
];
const CANCEL_BUILD = ['circleci__cancel_pipeline', 'jenkins__cancel_build', 'buildkite__cancel-build'];
const TEST_RESULTS = [
  'circleci__get_test_results',
  'jenkins__get_test_results',
  'buildkite__get-test-results',
];
const ARTIFACTS = ['circleci__list_artifacts', 'jenkins__list_artifacts', 'buildkite__list-artifacts'];
const CREATE_PR = [
  'github__create_pull_request',
  'gitlab__create_merge_request',
  'gitea__create-pull-request',
  'bitbucket__createPullRequest',
  'azure-devops__ado_create_pull_request',
];
const MERGE_PR = [
  'github__merge_pull_request',
  'gitlab__merge_merge_request',
  'gitea__merge-pull-request',
  'bitbucket__mergePullRequest',
  'azure-devops__ado_merge_pull_request',
];
const REVIEW_PR = [
  'github__create_pull_request_review',
  'gitlab__create_merge_request_review',
  'gitea__create-pull-request-review',
  'bitbucket__createPullRequestReview',
  'azure-devops__ado_create_pull_request_review',
];
const REQUEST_REVIEWERS = [
  'github__request_reviewers',
  'gitlab__request_reviewers',
  'azure-devops__ado_request_reviewers',
];
const PR_DIFF = [
  'github__get_pull_request_diff',
  'gitlab__get_merge_request_diff',
  'gitea__get-pull-request-diff',
  'azure-devops__ado_get_pull_request_diff',
];
const LIST_PRS = [
  'github__list_pull_requests',
  'gitlab__list_merge_requests',
  'gitea__list-pull-requests',
  'bitbucket__listPullRequests',
  'azure-devops__ado_list_pull_requests',
];
const LIST_COMMITS = [
  'github__list_commits',
  'gitlab__list_commits',
  'gitea__list-commits',
  'bitbucket__listCommits',
  'azure-devops__ado_list_commits',
];
const SEARCH_CODE = [
  'github__search_code',
  'gitlab__search_code',
  'gitea__search-code',
  'azure-devops__ado_search_code',
];
const GET_FILE = [
  'github__get_file_contents',
  'gitlab__get_file_contents',
  'gitea__get-file-contents',
  'bitbucket__getFileContents',
  'azure-devops__ado_get_file_contents',
];
const WRITE_ONE_FILE = [
  'github__create_or_update_file',
  'gitlab__create_or_update_file',
  'gitea__create-or-update-file',
  'bitbucket__createOrUpdateFile',
  'azure-devops__ado_create_or_update_file',
];
const PUSH_FILES = [
  'github__push_files',
  'gitlab__push_files',
  'gitea__push-files',
  'azure-devops__ado_push_files',
];
const CREATE_BRANCH = [
  'github__create_branch',
  'gitlab__create_branch',
  'gitea__create-branch',
  'bitbucket__createBranch',
  'azure-devops__ado_create_branch',
];
const DELETE_BRANCH = [
  'github__delete_branch',
  'gitlab__delete_branch',
  'bitbucket__deleteBranch',
  'azure-devops__ado_delete_branch',
];
const FORGE_SEARCH_ISSUES = [
  'github__search_issues',
  'gitlab__search_issues',
  'gitea__search-issues',
  'bitbucket__searchIssues',
  'azure-devops__ado_search_issues',
];
const TRACKER_SEARCH_ISSUES = [
  'jira__jira_search_issues',
  'linear__searchIssues',
  'youtrack__search_issues',
  'plane__search_issues',
];
const FORGE_CREATE_ISSUE = [
  'github__create_issue',
  'gitlab__create_issue',
  'gitea__create-issue',
  'bitbucket__createIssue',
  'azure-devops__ado_create_issue',
];
const TRACKER_CREATE_ISSUE = [
  'jira__jira_create_issue',
  'linear__createIssue',
  'youtrack__create_issue',
  'plane__create_issue',
];
const FORGE_UPDATE_ISSUE = [
  'github__update_issue',
  'gitlab__update_issue',
  'gitea__update-issue',
  'bitbucket__updateIssue',
  'azure-devops__ado_update_issue',
];
const LINK_ISSUES = [
  'jira__jira_link_issues',
  'linear__linkIssues',
  'youtrack__link_issues',
  'plane__link_issues',
];
const ASSIGN_ISSUE = [
  'jira__jira_assign_issue',
  'linear__assignIssue',
  'youtrack__assign_issue',
  'plane__assign_issue',
];
const CREATE_TASK = [
  'asana__asana_create_task',
  'clickup__create_task',
  'todoist__create-task',
  'trello__createCard',
  'monday__create_item',
];
const COMPLETE_TASK = [
  'asana__asana_complete_task',
  'clickup__complete_task',
  'todoist__complete-task',
  'trello__completeCard',
  'monday__complete_item',
];
const CREATE_LABEL = [
  'github__create_label',
  'gitlab__create_label',
  'gitea__create-label',
  'azure-devops__ado_create_label',
];

export const FOURTH_DEVELOPMENT_QUERIES: readonly LabeledQuery[] = [
  // Releases, tags and access.
  labeled(
    'fourth-dev-cut-release',
    'cut v2.4.0 from main and paste the changelog in as the notes',
    CREATE_RELEASE,
    TUNE,
  ),
  labeled('fourth-dev-last-tag', 'what was the last tag on billing-api before we went 3.0?', LIST_TAGS, TUNE),
  labeled(
    'fourth-dev-who-can-push',
    'nobody can push to main on payments-svc anymore — who actually has write access there?',
    LIST_COLLABORATORS,
    TUNE,
  ),

  // CI: logs, re-runs, flakes, artifacts.
  labeled(
    'fourth-dev-ci-red-output',
    'ok so the pipeline on feat/checkout-v2 went red again and I have no idea which step is dying, can you pull whatever the job printed right before it fell over so I can see the actual error',
    JOB_LOGS,
    TUNE,
  ),
  labeled(
    'fourth-dev-kick-run',
    'kick run 88231 again, it only failed on a network timeout',
    RERUN_FAILED,
    TUNE,
  ),
  labeled(
    'fourth-dev-flip-flop-specs',
    'which specs keep flip-flopping between green and red with no code change?',
    ['circleci__get_flaky_tests'],
    TUNE,
  ),
  labeled(
    'fourth-dev-kill-build',
    'kill the build on release/1.9, I passed the wrong params',
    CANCEL_BUILD,
    TUNE,
  ),
  labeled('fourth-dev-red-tests', 'which tests went red in job 5531?', TEST_RESULTS, TUNE),
  labeled(
    'fourth-dev-job-outputs',
    'grab the coverage report and the binary that job 7712 spat out',
    ARTIFACTS,
    TUNE,
  ),

  // Pull requests.
  labeled(
    'fourth-dev-put-up-pr',
    "put up a PR from fix/null-tz into main titled 'Handle missing tz in scheduler'",
    CREATE_PR,
    TUNE,
  ),
  labeled('fourth-dev-squash-land', "squash and land #482 once it's green", MERGE_PR, TUNE),
  labeled(
    'fourth-dev-lgtm-nit',
    'LGTM on #311 — approve it, plus one nit about the var name on line 40',
    REVIEW_PR,
    TUNE,
  ),
  labeled(
    'fourth-dev-ping-reviewers',
    'ping @dana and @ravi to take a look at PR 77',
    REQUEST_REVIEWERS,
    TUNE,
  ),
  labeled(
    'fourth-dev-raw-patch',
    'give me the raw patch of pull 58 so I can read it hunk by hunk',
    PR_DIFF,
    TUNE,
  ),
  labeled(
    'fourth-dev-waiting-review',
    'anything still waiting on review against release/2.x?',
    LIST_PRS,
    TUNE,
  ),

  // Commits, code and files in a repo.
  labeled(
    'fourth-dev-who-broke-main',
    'who broke main? show me what landed since yesterday 6pm',
    LIST_COMMITS,
    TUNE,
  ),
  labeled(
    'fourth-dev-legacy-callers',
    'where do we still call parseLegacyInvoice across all our repos?',
    SEARCH_CODE,
    TUNE,
  ),
  labeled(
    'fourth-dev-cat-at-tag',
    'cat src/config/default.yaml at tag v1.8.2 in the platform repo',
    GET_FILE,
    TUNE,
  ),
  labeled(
    'fourth-dev-typo-commit',
    "commit a one-line typo fix to README.md on docs/typo, message 'fix typo'",
    [...WRITE_ONE_FILE, ...PUSH_FILES],
    TUNE,
  ),
  labeled('fourth-dev-hotfix-branch', 'branch hotfix/2.3.1 off the v2.3.0 tag', CREATE_BRANCH, TUNE),
  labeled(
    'fourth-dev-stale-branch',
    'feat/old-onboarding got merged ages ago, get rid of it',
    DELETE_BRANCH,
    TUNE,
  ),
  labeled(
    'fourth-dev-triage-label',
    "we need a 'needs-triage' label, orange, on the repo",
    CREATE_LABEL,
    TUNE,
  ),
  labeled('fourth-dev-wontfix', "close #512 as won't-fix", FORGE_UPDATE_ISSUE, TUNE),

  // Tickets across forges and trackers.
  labeled(
    'fourth-dev-dupe-check',
    "before I file anything: is there already a ticket somewhere about 'cannot parse date header'? I really don't want to open a dupe and get yelled at in triage again",
    [...FORGE_SEARCH_ISSUES, ...TRACKER_SEARCH_ISSUES],
    TUNE,
  ),
  labeled(
    'fourth-dev-safari-bug',
    'checkout button does nothing on Safari 17 — file it as a high-priority bug',
    [...FORGE_CREATE_ISSUE, ...TRACKER_CREATE_ISSUE],
    TUNE,
  ),
  labeled('fourth-dev-blocks-dep', 'ENG-12 blocks ENG-19, wire that dependency up', LINK_ISSUES, TUNE),
  labeled('fourth-dev-hand-over', 'hand PLAT-301 over to @sofia', ASSIGN_ISSUE, TUNE),
  labeled(
    'fourth-dev-sprint-pull-in',
    'pull PAY-1, PAY-4 and PAY-9 into sprint 42',
    ['jira__jira_move_to_sprint'],
    TUNE,
  ),

  // Personal tasks and boards.
  labeled('fourth-dev-tls-todo', 'add a to-do for me: renew the TLS cert before Friday', CREATE_TASK, TUNE),
  labeled('fourth-dev-tick-off', "tick off 'prepare Q3 deck', finished it", COMPLETE_TASK, TUNE),

  // Static hosting.
  labeled(
    'fourth-dev-webhook-secret',
    'set STRIPE_WEBHOOK_SECRET on the storefront site for production',
    ['vercel__set_env_var', 'netlify__netlify-set-env-var'],
    TUNE,
  ),
  labeled(
    'fourth-dev-preview-url',
    'ship branch landing-redesign to a preview URL',
    ['vercel__create_deployment', 'netlify__netlify-create-deployment'],
    TUNE,
  ),

  // Named products.
  labeled(
    'fourth-dev-jira-in-review',
    'move ENG-1423 to In Review in Jira',
    ['jira__jira_transition_issue'],
    NAMED,
  ),
  labeled(
    'fourth-dev-jira-bounced',
    'how many times has PAY-88 bounced between statuses? pull its Jira changelog',
    ['jira__jira_get_issue_history'],
    NAMED,
  ),
  labeled(
    'fourth-dev-jira-book-hours',
    "book 3h on OPS-210 in Jira for yesterday's firefighting",
    ['jira__jira_log_work'],
    NAMED,
  ),
  labeled(
    'fourth-dev-plane-regressions',
    'on our Plane instance, show everything tagged regression in project WEB',
    ['plane__search_issues'],
    NAMED,
  ),
  labeled(
    'fourth-dev-todoist-push',
    "push 'call accountant' in Todoist to next Monday",
    ['todoist__set-due-date', 'todoist__update-task'],
    NAMED,
  ),
  labeled(
    'fourth-dev-trello-drag',
    "drag the 'SSO spike' card to the Done column in Trello",
    ['trello__moveCard'],
    NAMED,
  ),
  labeled('fourth-dev-monday-hiring', 'new monday.com board for Q4 hiring', ['monday__create_board'], NAMED),
  labeled(
    'fourth-dev-vercel-previous',
    'prod on Vercel broke after the last deploy, put the previous one back',
    ['vercel__rollback_deployment'],
    NAMED,
  ),
  labeled(
    'fourth-dev-github-unread',
    "anything on GitHub pinging me that I haven't read yet?",
    ['github__list_notifications'],
    NAMED,
  ),
  labeled(
    'fourth-dev-gitea-fixed-in',
    "on our Gitea, comment 'fixed in 4f2e1a' on issue 19 of tools/deployer",
    ['gitea__add-issue-comment'],
    NAMED,
  ),
  labeled(
    'fourth-dev-ado-red-runs',
    'Azure DevOps: which runs went red on the release/* branches of Contoso.Api?',
    ['azure-devops__ado_list_pipeline_runs'],
    NAMED,
  ),

  // Server filter.
  labeled(
    'fourth-dev-board-14-sprint',
    "what's in the current sprint on board 14?",
    ['jira__jira_list_sprints', 'jira__jira_get_sprint_issues'],
    within('jira'),
  ),
  labeled(
    'fourth-dev-team-eng-columns',
    'what columns does team ENG push issues through — triage, backlog, that kind of thing?',
    ['linear__listWorkflowStates'],
    within('linear'),
  ),
  labeled(
    'fourth-dev-har-capture',
    'attach the HAR capture to SUP-55',
    ['youtrack__add_attachment'],
    within('youtrack'),
  ),
  labeled(
    'fourth-dev-webinar-pieces',
    "break 'launch webinar' into pieces: book speaker, landing page, email blast",
    ['asana__asana_add_subtask'],
    within('asana'),
  ),
  labeled(
    'fourth-dev-overdue-plate',
    "what's overdue on my plate?",
    ['clickup__search_tasks', 'clickup__list_tasks'],
    within('clickup'),
  ),
  labeled(
    'fourth-dev-docs-hostnames',
    'which hostnames are hooked up to docs-portal?',
    ['netlify__netlify-list-domains'],
    within('netlify'),
  ),
  labeled(
    'fourth-dev-approve-mr',
    'approve !212 in web-frontend',
    ['gitlab__create_merge_request_review'],
    within('gitlab'),
  ),
];
