// Fictional code forges: five servers (GitHub, GitLab, Gitea, Bitbucket, Azure DevOps) with the same
// capabilities under their own vocabulary (pull vs merge requests, repositories vs projects), naming
// conventions and wording: the densest near-duplicates of the catalog.
import type { FamilySpec } from '../tool-template.dsl';

const FORGE_TOOLS = `
search_{repos_n} :: {Search|Find} {repos} on {product} by name, description, topic or language. :: query page? perPage?
get_{repo_n} :: Get details of a {repo}: description, default branch, visibility, stars and topics. :: owner repo
create_{repo_n} :: Create a new {repo} in your account or an organization. :: name description? private? autoInit?
fork_{repo_n} :: Fork a {repo} to your account or an organization. :: owner repo organization?
list_branches :: List branches in a {repo}. :: owner repo page? perPage?
create_branch :: Create a new branch in a {repo} from an existing branch or commit. :: owner repo branch fromBranch?
delete_branch :: Delete a branch from a {repo}. :: owner repo branch :: except=gitea
get_file_contents :: Get the contents of a file or directory from a {repo} at a branch, tag or commit. :: owner repo path ref?
create_or_update_file :: Create or update a single file in a {repo} with a commit. :: owner repo path content message branch sha?
delete_file :: Delete a file from a {repo} with a commit. :: owner repo path message branch sha
push_files :: Push several files to a {repo} in a single commit. :: owner repo branch files message :: except=bitbucket
list_commits :: List commits of a branch in a {repo}, newest first. :: owner repo sha? author? since? until? page? perPage?
get_commit :: Get a commit with its message, author, changed files and diff. :: owner repo sha
search_code :: Search source code across {repos} {with|using} the {product} code search syntax. :: query page? perPage? :: except=bitbucket
list_issues :: List issues in a {repo}, filtered by state, labels, assignee or milestone. :: owner repo state? labels? assignee? since? page? perPage?
get_issue :: Get an issue by number, with its body, labels, assignees and state. :: owner repo issueNumber
create_issue :: Create a new issue in a {repo}. :: owner repo title body? labels? assignees? milestone?
update_issue :: Update an issue: title, body, state, labels, assignees or milestone. :: owner repo issueNumber title? body? state? labels? assignees?
add_issue_comment :: Add a comment to an issue. :: owner repo issueNumber body
list_issue_comments :: List the comments on an issue. :: owner repo issueNumber page? perPage?
search_issues :: Search issues and {prs} across {repos} with the {product} search syntax. :: query sort? order? page? perPage?
list_{prs_n} :: List {prs} in a {repo}, filtered by state, base or head branch. :: owner repo state? base? head? page? perPage?
get_{pr_n} :: Get a {pr} by number: title, description, branches, mergeable state and reviewers. :: owner repo pullNumber
create_{pr_n} :: Open a new {pr} from a head branch into a base branch. :: owner repo title head base body? draft?
merge_{pr_n} :: Merge a {pr} {using|with} a merge, squash or rebase strategy. :: owner repo pullNumber mergeMethod? commitTitle?
update_{pr_n} :: Update the title, description, base branch or state of a {pr}. :: owner repo pullNumber title? body? state? base?
get_{pr_n}_files :: List the files changed in a {pr}. :: owner repo pullNumber
get_{pr_n}_diff :: Get the unified diff of a {pr}. :: owner repo pullNumber :: except=bitbucket
create_{pr_n}_review :: Submit a review on a {pr}: approve, request changes or comment, with inline comments. :: owner repo pullNumber event body? comments?
request_reviewers :: Request reviewers for a {pr}. :: owner repo pullNumber reviewers :: except=bitbucket,gitea
list_releases :: List releases of a {repo}. :: owner repo page? perPage?
create_release :: Create a release from a tag, with release notes. :: owner repo tagName name? body? draft? prerelease?
list_tags :: List tags of a {repo}. :: owner repo page? perPage?
list_{pipelines_n} :: List {pipelines} of a {repo}, filtered by branch or status. :: owner repo branch? status? page? perPage?
rerun_{pipeline_n} :: Re-run a failed {pipeline}. :: owner repo runId :: except=gitea
get_job_logs :: Get the logs of a {pipeline} job, {optionally only|or only those} for failed jobs. :: owner repo jobId failedOnly? :: except=gitea
list_labels :: List the labels defined in a {repo}. :: owner repo
create_label :: Create a label in a {repo}. :: owner repo name color description? :: except=bitbucket
get_me :: Get the profile of the authenticated {product} user. :: -
search_users :: Search {product} users by name, login or email. :: query page? perPage? :: except=bitbucket
list_notifications :: List your unread {product} notifications. :: all? participating? since? :: only=github,gitea
list_collaborators :: List the collaborators of a {repo} and their permissions. :: owner repo
add_collaborator :: Invite a user to a {repo} as a collaborator. :: owner repo username permission? :: except=gitea
`;

const githubLike = {
  repo: 'repository',
  repos: 'repositories',
  repo_n: 'repository',
  repos_n: 'repositories',
  pr: 'pull request',
  prs: 'pull requests',
  pr_n: 'pull_request',
  prs_n: 'pull_requests',
};

export const FORGE_FAMILY: FamilySpec = {
  tools: FORGE_TOOLS,
  parameterDocs: {
    owner: 'string: Owner of the {repo} (user or organization)',
    repo: 'string: Name of the {repo}',
  },
  servers: [
    {
      id: 'github',
      displayName: 'GitHub',
      categories: ['code', 'git'],
      naming: 'snake',
      parameterNaming: 'snake',
      vocabulary: {
        ...githubLike,
        product: 'GitHub',
        pipeline: 'workflow run',
        pipelines: 'workflow runs',
        pipeline_n: 'workflow_run',
        pipelines_n: 'workflow_runs',
      },
    },
    {
      id: 'gitlab',
      displayName: 'GitLab',
      categories: ['code', 'git'],
      naming: 'snake',
      parameterNaming: 'snake',
      vocabulary: {
        repo: 'project',
        repos: 'projects',
        repo_n: 'project',
        repos_n: 'projects',
        pr: 'merge request',
        prs: 'merge requests',
        pr_n: 'merge_request',
        prs_n: 'merge_requests',
        product: 'GitLab',
        pipeline: 'pipeline',
        pipelines: 'pipelines',
        pipeline_n: 'pipeline',
        pipelines_n: 'pipelines',
      },
    },
    {
      id: 'gitea',
      displayName: 'Gitea',
      categories: ['code', 'git', 'self-hosted'],
      naming: 'kebab',
      parameterNaming: 'camel',
      vocabulary: {
        ...githubLike,
        product: 'Gitea',
        pipeline: 'action run',
        pipelines: 'action runs',
        pipeline_n: 'action_run',
        pipelines_n: 'action_runs',
      },
    },
    {
      id: 'bitbucket',
      displayName: 'Bitbucket Cloud',
      categories: ['code', 'git'],
      naming: 'camel',
      parameterNaming: 'camel',
      vocabulary: {
        ...githubLike,
        product: 'Bitbucket',
        pipeline: 'pipeline',
        pipelines: 'pipelines',
        pipeline_n: 'pipeline',
        pipelines_n: 'pipelines',
      },
    },
    {
      id: 'azure-devops',
      displayName: 'Azure DevOps',
      categories: ['code', 'git', 'microsoft'],
      naming: 'snake',
      parameterNaming: 'camel',
      namePrefix: 'ado',
      vocabulary: {
        ...githubLike,
        product: 'Azure DevOps',
        pipeline: 'pipeline run',
        pipelines: 'pipeline runs',
        pipeline_n: 'pipeline_run',
        pipelines_n: 'pipeline_runs',
      },
    },
  ],
};
