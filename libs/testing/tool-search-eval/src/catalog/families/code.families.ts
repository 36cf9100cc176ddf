// Fictional servers for issue tracking, task management, CI and deployment hosting (code forges are in
// forge.families.ts). Several servers per family offer the same capabilities under their own names and
// wording, as real catalogs do (four trackers with `get_issue`, five task managers with `create_task`…).
import type { FamilySpec } from '../tool-template.dsl';
import { FORGE_FAMILY } from './forge.families';

const TRACKER_TOOLS = `
search_issues :: Search issues with {query_language}, for example by project, status, assignee or text. :: query fields? maxResults? startAt?
get_issue :: Get an issue by key with its summary, description, status, assignee, comments and links. :: issueKey fields?
create_issue :: Create an issue in a {project}: summary, description, type, priority and assignee. :: projectKey summary issueType? description? priority? assignee? labels?
update_issue :: Update fields of an issue: summary, description, priority, labels or custom fields. :: issueKey fields
delete_issue :: Delete an issue permanently. :: issueKey :: except=youtrack
transition_issue :: Move an issue to another status in its workflow (for example In Progress or Done). :: issueKey transition comment?
get_transitions :: List the statuses an issue can move to from its current status. :: issueKey :: only=jira
assign_issue :: Assign an issue to a user, or unassign it. :: issueKey assignee
add_comment :: Add a comment to an issue. :: issueKey body
list_comments :: List the comments of an issue. :: issueKey maxResults?
list_projects :: List the {projects} you can access. :: maxResults?
get_project :: Get a {project} with its lead, components and issue types. :: projectKey
link_issues :: Link two issues, for example "blocks" or "relates to". :: inwardIssue outwardIssue linkType
add_attachment :: Attach a file to an issue. :: issueKey fileName content :: except=linear
log_work :: Log time spent on an issue. :: issueKey timeSpent comment? started? :: only=jira,youtrack
list_sprints :: List the sprints of a board: active, future and closed. :: boardId state? :: only=jira
get_sprint_issues :: List the issues in a sprint. :: sprintId :: only=jira
list_boards :: List Scrum and Kanban boards. :: projectKey? :: only=jira
move_to_sprint :: Move issues into a sprint. :: sprintId issueKeys :: only=jira
list_cycles :: List the cycles of a team: current, upcoming and past. :: teamId :: only=linear
list_teams :: List the teams in the workspace. :: - :: only=linear
list_workflow_states :: List the workflow states issues can be in. :: teamId? :: only=linear,youtrack
list_users :: List users {in the workspace|of the instance}. :: query?
get_user :: Get a user's profile by id or email. :: userId
list_labels :: List labels available for issues. :: projectKey?
create_project :: Create a new {project}. :: name description? lead? :: except=youtrack
get_issue_history :: Get the change history of an issue. :: issueKey :: except=linear
`;

export const TRACKER_FAMILY: FamilySpec = {
  tools: TRACKER_TOOLS,
  parameterDocs: { projectKey: 'string: Key of the {project}, for example ENG' },
  servers: [
    {
      id: 'jira',
      displayName: 'Jira Software',
      categories: ['project-management', 'issues'],
      naming: 'snake',
      parameterNaming: 'snake',
      namePrefix: 'jira',
      vocabulary: { query_language: 'JQL', project: 'project', projects: 'projects' },
    },
    {
      id: 'linear',
      displayName: 'Linear',
      categories: ['project-management', 'issues'],
      naming: 'camel',
      parameterNaming: 'camel',
      vocabulary: { query_language: 'Linear filters', project: 'team', projects: 'teams and projects' },
    },
    {
      id: 'youtrack',
      displayName: 'YouTrack',
      categories: ['project-management', 'issues'],
      naming: 'snake',
      parameterNaming: 'camel',
      vocabulary: { query_language: 'the YouTrack query language', project: 'project', projects: 'projects' },
    },
    {
      id: 'plane',
      displayName: 'Plane (self-hosted)',
      categories: ['project-management', 'issues', 'self-hosted'],
      naming: 'snake',
      parameterNaming: 'snake',
      vocabulary: { query_language: 'Plane filters', project: 'project', projects: 'projects' },
    },
  ],
};

const TASK_TOOLS = `
list_{tasks_n} :: List {tasks} in a {container}, optionally only open ones or those assigned to you. :: containerId completed? assignee?
get_{task_n} :: Get a {task} with its description, due date, assignee and subtasks. :: taskId
create_{task_n} :: Create a {task} with a name, notes, due date and assignee. :: containerId name notes? dueDate? assignee?
update_{task_n} :: Update a {task}: name, notes, due date or assignee. :: taskId name? notes? dueDate? assignee?
complete_{task_n} :: Mark a {task} as {complete|done}. :: taskId
delete_{task_n} :: Delete a {task}. :: taskId
search_{tasks_n} :: Search {tasks} by text, assignee, due date or tag. :: query assignee? dueBefore?
add_{task_n}_comment :: Add a comment to a {task}. :: taskId text
list_{containers_n} :: List {containers} in a workspace. :: workspaceId?
create_{container_n} :: Create a {container}. :: containerName workspaceId?
move_{task_n} :: Move a {task} to another {container} or section. :: taskId containerId
add_subtask :: Add a subtask under a {task}. :: taskId name :: except=trello
set_due_date :: Set or clear the due date of a {task}. :: taskId dueDate :: only=todoist,trello
list_workspaces :: List the workspaces you belong to. :: -
add_tag :: Add a {tag} to a {task}. :: taskId tag
`;

const taskVocabulary = {
  task: 'task',
  tasks: 'tasks',
  task_n: 'task',
  tasks_n: 'tasks',
  tag: 'tag',
};

export const TASK_FAMILY: FamilySpec = {
  tools: TASK_TOOLS,
  parameterDocs: { containerId: 'string: Id of the {container}', name: 'string: Name of the {task}' },
  servers: [
    {
      id: 'asana',
      displayName: 'Asana',
      categories: ['project-management', 'tasks'],
      naming: 'snake',
      parameterNaming: 'snake',
      namePrefix: 'asana',
      vocabulary: {
        ...taskVocabulary,
        container: 'project',
        containers: 'projects',
        container_n: 'project',
        containers_n: 'projects',
      },
    },
    {
      id: 'clickup',
      displayName: 'ClickUp',
      categories: ['project-management', 'tasks'],
      naming: 'snake',
      parameterNaming: 'camel',
      vocabulary: {
        ...taskVocabulary,
        container: 'list',
        containers: 'lists',
        container_n: 'list',
        containers_n: 'lists',
      },
    },
    {
      id: 'todoist',
      displayName: 'Todoist',
      categories: ['tasks', 'personal'],
      naming: 'kebab',
      parameterNaming: 'snake',
      vocabulary: {
        ...taskVocabulary,
        tag: 'label',
        container: 'project',
        containers: 'projects',
        container_n: 'project',
        containers_n: 'projects',
      },
    },
    {
      id: 'trello',
      displayName: 'Trello',
      categories: ['project-management', 'boards'],
      naming: 'camel',
      parameterNaming: 'camel',
      vocabulary: {
        task: 'card',
        tasks: 'cards',
        task_n: 'card',
        tasks_n: 'cards',
        tag: 'label',
        container: 'list',
        containers: 'lists',
        container_n: 'list',
        containers_n: 'lists',
      },
    },
    {
      id: 'monday',
      displayName: 'monday.com',
      categories: ['project-management', 'boards'],
      naming: 'snake',
      parameterNaming: 'snake',
      vocabulary: {
        task: 'item',
        tasks: 'items',
        task_n: 'item',
        tasks_n: 'items',
        tag: 'tag',
        container: 'board',
        containers: 'boards',
        container_n: 'board',
        containers_n: 'boards',
      },
    },
  ],
};

const CI_TOOLS = `
list_{runs_n} :: List recent {runs} for a project or job. :: project branch? limit?
trigger_{run_n} :: Trigger a new {run}, optionally on a branch with parameters. :: project branch? parameters?
get_{run_n}_status :: Get the status of a {run} and its jobs. :: pipelineId
get_job_logs :: Get the console output of a job. :: jobId
cancel_{run_n} :: Cancel a running {run}. :: pipelineId
rerun_failed_jobs :: Re-run only the failed jobs of a {run}. :: pipelineId :: except=jenkins
get_test_results :: Get the test results of a job, with the failing tests first. :: jobId
get_flaky_tests :: List tests that both pass and fail without code changes. :: project :: only=circleci
list_artifacts :: List the artifacts a job produced. :: jobId
`;

export const CI_FAMILY: FamilySpec = {
  tools: CI_TOOLS,
  servers: [
    {
      id: 'circleci',
      displayName: 'CircleCI',
      categories: ['ci', 'devops'],
      naming: 'snake',
      parameterNaming: 'camel',
      vocabulary: { run: 'pipeline', runs: 'pipelines', run_n: 'pipeline', runs_n: 'pipelines' },
    },
    {
      id: 'jenkins',
      displayName: 'Jenkins',
      categories: ['ci', 'devops', 'self-hosted'],
      naming: 'snake',
      parameterNaming: 'snake',
      vocabulary: { run: 'build', runs: 'builds', run_n: 'build', runs_n: 'builds' },
    },
    {
      id: 'buildkite',
      displayName: 'Buildkite',
      categories: ['ci', 'devops'],
      naming: 'kebab',
      parameterNaming: 'snake',
      vocabulary: { run: 'build', runs: 'builds', run_n: 'build', runs_n: 'builds' },
    },
  ],
};

const HOSTING_TOOLS = `
list_deployments :: List the deployments of a project, newest first. :: projectId limit?
get_deployment :: Get a deployment: status, URL, git commit and creator. :: deploymentId
get_deployment_logs :: Get the build logs of a deployment. :: deploymentId
create_deployment :: Deploy a project from a git branch or commit. :: projectId ref?
rollback_deployment :: Roll production back to a previous deployment. :: projectId deploymentId
list_projects :: List your {product} projects. :: -
list_env_vars :: List the environment variables of a project. :: projectId
set_env_var :: Create or update an environment variable of a project. :: projectId key value target?
list_domains :: List the domains attached to a project. :: projectId
`;

export const HOSTING_FAMILY: FamilySpec = {
  tools: HOSTING_TOOLS,
  servers: [
    {
      id: 'vercel',
      displayName: 'Vercel',
      categories: ['hosting', 'devops'],
      naming: 'snake',
      parameterNaming: 'camel',
      vocabulary: { product: 'Vercel' },
    },
    {
      id: 'netlify',
      displayName: 'Netlify',
      categories: ['hosting', 'devops'],
      naming: 'kebab',
      parameterNaming: 'camel',
      namePrefix: 'netlify',
      vocabulary: { product: 'Netlify' },
    },
  ],
};

export const CODE_FAMILIES: readonly FamilySpec[] = [
  FORGE_FAMILY,
  TRACKER_FAMILY,
  TASK_FAMILY,
  CI_FAMILY,
  HOSTING_FAMILY,
];
