// Code forges, issue trackers, task boards and CI: the largest part of the catalog. Open queries
// list every forge (or tracker, or CI server) that offers the capability, since no product is named.
import type { LabeledQuery } from '../labeled-query';
import { labeled } from '../labeled-query';
import { NAMED, TUNE, within } from './third-options';

const LIST_PULL_REQUESTS = [
  'github__list_pull_requests',
  'gitlab__list_merge_requests',
  'gitea__list-pull-requests',
  'bitbucket__listPullRequests',
  'azure-devops__ado_list_pull_requests',
] as const;

// The forge search syntaxes all filter by repository, state and type, so they list open PRs too.
const SEARCH_ISSUES_AND_PULLS = [
  'github__search_issues',
  'gitlab__search_issues',
  'gitea__search-issues',
  'bitbucket__searchIssues',
  'azure-devops__ado_search_issues',
] as const;

const RERUN_FAILED = [
  'github__rerun_workflow_run',
  'gitlab__rerun_pipeline',
  'bitbucket__rerunPipeline',
  'azure-devops__ado_rerun_pipeline_run',
  'circleci__rerun_failed_jobs',
  'buildkite__rerun-failed-jobs',
] as const;

const LIST_COMMITS = [
  'github__list_commits',
  'gitlab__list_commits',
  'gitea__list-commits',
  'bitbucket__listCommits',
  'azure-devops__ado_list_commits',
] as const;

const SUBMIT_REVIEW = [
  'github__create_pull_request_review',
  'gitlab__create_merge_request_review',
  'gitea__create-pull-request-review',
  'bitbucket__createPullRequestReview',
  'azure-devops__ado_create_pull_request_review',
] as const;

const JOB_LOGS = [
  'github__get_job_logs',
  'gitlab__get_job_logs',
  'bitbucket__getJobLogs',
  'azure-devops__ado_get_job_logs',
  'circleci__get_job_logs',
  'jenkins__get_job_logs',
  'buildkite__get-job-logs',
] as const;

const PULL_REQUEST_FILES = [
  'github__get_pull_request_files',
  'gitlab__get_merge_request_files',
  'gitea__get-pull-request-files',
  'bitbucket__getPullRequestFiles',
  'azure-devops__ado_get_pull_request_files',
] as const;

const DELETE_BRANCH = [
  'github__delete_branch',
  'gitlab__delete_branch',
  'bitbucket__deleteBranch',
  'azure-devops__ado_delete_branch',
] as const;

const CANCEL_BUILD = [
  'circleci__cancel_pipeline',
  'jenkins__cancel_build',
  'buildkite__cancel-build',
] as const;

const SEARCH_CODE = [
  'github__search_code',
  'gitlab__search_code',
  'gitea__search-code',
  'azure-devops__ado_search_code',
] as const;

const TEST_RESULTS = [
  'circleci__get_test_results',
  'jenkins__get_test_results',
  'buildkite__get-test-results',
] as const;

const LIST_ARTIFACTS = [
  'circleci__list_artifacts',
  'jenkins__list_artifacts',
  'buildkite__list-artifacts',
] as const;

const TRIGGER_BUILD = [
  'circleci__trigger_pipeline',
  'jenkins__trigger_build',
  'buildkite__trigger-build',
] as const;

const CREATE_ISSUE = [
  'github__create_issue',
  'gitlab__create_issue',
  'gitea__create-issue',
  'bitbucket__createIssue',
  'azure-devops__ado_create_issue',
  'jira__jira_create_issue',
  'linear__createIssue',
  'youtrack__create_issue',
  'plane__create_issue',
] as const;

const LINK_ISSUES = [
  'jira__jira_link_issues',
  'linear__linkIssues',
  'youtrack__link_issues',
  'plane__link_issues',
] as const;

const ASSIGN_TRACKER_ISSUE = [
  'jira__jira_assign_issue',
  'linear__assignIssue',
  'youtrack__assign_issue',
  'plane__assign_issue',
] as const;

const ISSUE_HISTORY = [
  'jira__jira_get_issue_history',
  'youtrack__get_issue_history',
  'plane__get_issue_history',
] as const;

// A dedicated due-date tool where one exists, otherwise the general update that takes a due date.
const SET_DUE_DATE = [
  'todoist__set-due-date',
  'trello__setDueDate',
  'asana__asana_update_task',
  'clickup__update_task',
  'todoist__update-task',
  'trello__updateCard',
  'monday__update_item',
] as const;

const COMPLETE_TASK = [
  'asana__asana_complete_task',
  'clickup__complete_task',
  'todoist__complete-task',
  'trello__completeCard',
  'monday__complete_item',
] as const;

const ADD_SUBTASK = [
  'asana__asana_add_subtask',
  'clickup__add_subtask',
  'todoist__add-subtask',
  'monday__add_subtask',
] as const;

const CREATE_RELEASE = [
  'github__create_release',
  'gitlab__create_release',
  'gitea__create-release',
  'bitbucket__createRelease',
  'azure-devops__ado_create_release',
] as const;

const ADD_COLLABORATOR = [
  'github__add_collaborator',
  'gitlab__add_collaborator',
  'bitbucket__addCollaborator',
  'azure-devops__ado_add_collaborator',
] as const;

const FORK = [
  'github__fork_repository',
  'gitlab__fork_project',
  'gitea__fork-repository',
  'bitbucket__forkRepository',
  'azure-devops__ado_fork_repository',
] as const;

const TRACKER_SEARCH = [
  'jira__jira_search_issues',
  'linear__searchIssues',
  'youtrack__search_issues',
  'plane__search_issues',
] as const;

const BUILD_STATUS = [
  'circleci__get_pipeline_status',
  'jenkins__get_build_status',
  'buildkite__get-build-status',
] as const;

const GET_COMMIT = [
  'github__get_commit',
  'gitlab__get_commit',
  'gitea__get-commit',
  'bitbucket__getCommit',
  'azure-devops__ado_get_commit',
] as const;

const REQUEST_REVIEWERS = [
  'github__request_reviewers',
  'gitlab__request_reviewers',
  'azure-devops__ado_request_reviewers',
] as const;

const OPEN_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-dev-standup-open-prs',
    "I'm putting together the standup summary and need every pull request that is still open in the payments-service repo, so I can see which ones are waiting for somebody",
    [...LIST_PULL_REQUESTS, ...SEARCH_ISSUES_AND_PULLS],
    TUNE,
  ),
  labeled('third-dev-rerun-failed-5531', 'rerun failed jobs pipeline 5531', RERUN_FAILED, TUNE),
  labeled(
    'third-dev-commits-of-yesterday',
    'give me the commits of yesterday on the main branch please',
    LIST_COMMITS,
    TUNE,
  ),
  labeled(
    'third-dev-approval-to-merge',
    "the PR can only be merged after one approval, so leave my approval on it with a short 'looks good'",
    SUBMIT_REVIEW,
    TUNE,
  ),
  labeled(
    'third-dev-console-output-88412',
    "fetch console output job 88412, step 'integration-tests' failed",
    JOB_LOGS,
    TUNE,
  ),
  labeled(
    'third-dev-mr-touched-files',
    'which files does MR !412 touch? need the list before I start reviewing',
    PULL_REQUEST_FILES,
    TUNE,
  ),
  labeled(
    'third-dev-stale-branch-gone',
    'feature/old-login was merged long ago, it should be gone from the remote so nobody pushes to it again',
    DELETE_BRANCH,
    TUNE,
  ),
  labeled(
    'third-dev-cancel-superseded',
    'cancel build 7731 - superseded by a newer commit',
    CANCEL_BUILD,
    TUNE,
  ),
  labeled(
    'third-dev-callers-across-repos',
    'Before I write the fix I want to look across all of our hosted repositories for every place where parseLegacyDate is called',
    SEARCH_CODE,
    TUNE,
  ),
  labeled(
    'third-dev-which-tests-failed',
    'how I can see which tests were failing in the last build? I want the failed ones on top',
    TEST_RESULTS,
    TUNE,
  ),
  labeled(
    'third-dev-flaky-specs',
    'which of our specs in the monorepo project are flaky, the ones that go red and green randomly?',
    ['circleci__get_flaky_tests'],
    TUNE,
  ),
  labeled(
    'third-dev-qa-installers',
    'QA needs the compiled installers that job 5120 produced, where can they download them from',
    LIST_ARTIFACTS,
    TUNE,
  ),
  labeled(
    'third-dev-trigger-with-params',
    'trigger build branch=release/2.4 DEPLOY_ENV=staging',
    TRIGGER_BUILD,
    TUNE,
  ),
  labeled(
    'third-dev-file-login-crash',
    'I need to file a ticket about the login crash on Android so the team can pick it up: a title, the steps to reproduce in the description, and a bug label',
    CREATE_ISSUE,
    TUNE,
  ),
  labeled(
    'third-dev-pull-into-next-sprint',
    'pull ACME-311 and ACME-312 into the next sprint, we still have capacity',
    ['jira__jira_move_to_sprint'],
    TUNE,
  ),
  labeled(
    'third-dev-two-hours-on-ticket',
    'put 2 hours of work on the ticket PAY-88, I was working on it this morning',
    ['jira__jira_log_work', 'youtrack__log_work'],
    TUNE,
  ),
  labeled(
    'third-dev-allowed-next-statuses',
    'ticket CORE-19 sits in Code Review; which statuses am I allowed to move it to from there?',
    ['jira__jira_get_transitions'],
    TUNE,
  ),
  labeled(
    'third-dev-record-dependency',
    "INFRA-77 can't start until INFRA-75 is finished; please record that dependency between the two tickets so it shows on both",
    LINK_ISSUES,
    TUNE,
  ),
  labeled('third-dev-assign-bug-4410', 'assign BUG-4410 to mkowalski', ASSIGN_TRACKER_ISSUE, TUNE),
  labeled(
    'third-dev-who-changed-priority',
    'who did change the priority of ticket OPS-12? I want to see all the history of it',
    ISSUE_HISTORY,
    TUNE,
  ),
  labeled(
    'third-dev-deadline-order-laptop',
    "the onboarding to-do 'order laptop' must be finished by Friday, put that deadline on it",
    SET_DUE_DATE,
    TUNE,
  ),
  labeled(
    'third-dev-tick-off-todo',
    "I've finished 'update pricing page copy' and want to tick it off in our to-do list so it stops showing as open",
    COMPLETE_TASK,
    TUNE,
  ),
  labeled(
    'third-dev-sub-task-ttl',
    "make a sub-task under the task 'migrate DNS' for to check the TTL values",
    ADD_SUBTASK,
    TUNE,
  ),
  labeled(
    'third-dev-publish-with-changelog',
    'version 3.2.0 should be published with the changelog so customers see what changed',
    CREATE_RELEASE,
    TUNE,
  ),
  labeled(
    'third-dev-contractor-write-access',
    'the new contractor needs write access to the mobile-app repo, her handle is jdoe',
    ADD_COLLABORATOR,
    TUNE,
  ),
  labeled(
    'third-dev-copy-repo-to-my-account',
    'I want to do a copy of the repository of the platform team into my own account for make changes there',
    FORK,
    TUNE,
  ),
  labeled(
    'third-dev-catch-me-up-code-host',
    "catch me up: what unread notifications do I have on the code host, only the threads I'm participating in",
    ['github__list_notifications', 'gitea__list-notifications'],
    TUNE,
  ),
  labeled(
    'third-dev-backlog-grooming',
    'backlog grooming: show the unassigned bugs in project CORE, highest priority first',
    TRACKER_SEARCH,
    TUNE,
  ),
  labeled(
    'third-dev-pipeline-90211-green',
    'status of pipeline 90211, are all jobs green?',
    BUILD_STATUS,
    TUNE,
  ),
  labeled(
    'third-dev-commit-full-diff',
    "Could you pull up commit a1b2c3d with its full diff and the files it changed? I'm trying to find what introduced the regression",
    GET_COMMIT,
    TUNE,
  ),
  labeled(
    'third-dev-review-from-alice-bob',
    'request review from alice and bob on pull 482',
    REQUEST_REVIEWERS,
    TUNE,
  ),
];

const NAMED_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-dev-gitlab-open-mrs-main',
    'on GitLab, show me the merge requests into main that are still open',
    ['gitlab__list_merge_requests', 'gitlab__search_issues'],
    NAMED,
  ),
  // Answering needs the active sprint's id first, so the sprint list is as good a first hit.
  labeled(
    'third-dev-jira-active-sprint',
    "Jira: what's in the active sprint of board 12",
    ['jira__jira_list_sprints', 'jira__jira_get_sprint_issues'],
    NAMED,
  ),
  labeled(
    'third-dev-linear-current-cycle',
    "which cycle is the team in right now in Linear, and what's coming next",
    ['linear__listCycles'],
    NAMED,
  ),
  labeled(
    'third-dev-circleci-only-failed',
    'CircleCI pipeline 7c1e - rerun just the failed jobs, not the whole thing',
    ['circleci__rerun_failed_jobs'],
    NAMED,
  ),
  labeled(
    'third-dev-jenkins-nightly-again',
    'kick off the Jenkins job nightly-e2e again on branch develop',
    ['jenkins__trigger_build'],
    NAMED,
  ),
  labeled(
    'third-dev-bitbucket-approve-57',
    'Bitbucket: approve pull request 57 in repo billing',
    ['bitbucket__createPullRequestReview'],
    NAMED,
  ),
  labeled(
    'third-dev-ado-failed-runs-main',
    'Azure DevOps: which pipeline runs on main have failed this week',
    ['azure-devops__ado_list_pipeline_runs'],
    NAMED,
  ),
  labeled(
    'third-dev-gitea-whoami',
    'whoami on Gitea - which account is this token logged in as',
    ['gitea__get-me'],
    NAMED,
  ),
  labeled(
    'third-dev-asana-urgent-tag',
    "in Asana put an 'urgent' tag on task 1204",
    ['asana__asana_add_tag'],
    NAMED,
  ),
  labeled(
    'third-dev-trello-drag-to-done',
    "Trello: drag the card 'Fix footer' over to the Done list",
    ['trello__moveCard'],
    NAMED,
  ),
  labeled(
    'third-dev-monday-hiring-board',
    'monday.com - we need a new board for Q3 hiring',
    ['monday__create_board'],
    NAMED,
  ),
  labeled(
    'third-dev-youtrack-crash-screenshot',
    'attach the crash screenshot to YouTrack issue MOB-204',
    ['youtrack__add_attachment'],
    NAMED,
  ),
  labeled(
    'third-dev-plane-duplicate-web-55',
    'in our self-hosted Plane, delete the duplicate issue WEB-55 for good',
    ['plane__delete_issue'],
    NAMED,
  ),
];

const FILTERED_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-dev-f-github-network-blip',
    're-run run 88412, it failed on a network blip',
    ['github__rerun_workflow_run'],
    within('github'),
  ),
  labeled(
    'third-dev-f-gitlab-squash-233',
    "merge !233 with squash, title 'feat: export'",
    ['gitlab__merge_merge_request'],
    within('gitlab'),
  ),
  labeled(
    'third-dev-f-jira-epic-stories',
    'all stories under epic SHOP-100 that are not done yet',
    ['jira__jira_search_issues'],
    within('jira'),
  ),
  // Linear calls its teams projects in places, and its project list returns teams as well.
  labeled(
    'third-dev-f-linear-which-teams',
    'what teams exist in the workspace',
    ['linear__listTeams', 'linear__listProjects'],
    within('linear'),
  ),
  labeled(
    'third-dev-f-clickup-sprint-list',
    "new list called 'Sprint 14 backlog' in workspace ops",
    ['clickup__create_list'],
    within('clickup'),
  ),
  labeled(
    'third-dev-f-buildkite-timed-out',
    'logs for job 0189-ab please, it timed out',
    ['buildkite__get-job-logs'],
    within('buildkite'),
  ),
  labeled(
    'third-dev-f-gitea-pr-19-diff',
    'what did change in PR 19? show the diff',
    ['gitea__get-pull-request-diff'],
    within('gitea'),
  ),
  labeled(
    'third-dev-f-ado-needs-triage',
    'we need a new label needs-triage, red colour',
    ['azure-devops__ado_create_label'],
    within('azure-devops'),
  ),
];

export const THIRD_DEVELOPMENT_QUERIES: readonly LabeledQuery[] = [
  ...OPEN_QUERIES,
  ...NAMED_QUERIES,
  ...FILTERED_QUERIES,
];
