// Fictional servers for operations: metrics and dashboards, error tracking, on-call, containers and
// clusters, cloud accounts and infrastructure as code. Error trackers also have `list_issues`.
import type { FamilySpec } from '../tool-template.dsl';

export const GRAFANA_FAMILY: FamilySpec = {
  tools: `
search_dashboards :: Search dashboards by title or tag. :: query? tag?
get_dashboard :: Get a dashboard's JSON model with its panels and queries. :: uid
update_dashboard :: Create or update a dashboard from its JSON model. :: dashboard folderUid? message?
list_datasources :: List the configured data sources. :: -
query_prometheus :: Run a PromQL query against a Prometheus data source. :: datasourceUid expr start? end? step?
query_loki_logs :: Run a LogQL query against a Loki data source and return log lines. :: datasourceUid logql start? end? limit?
list_alert_rules :: List alert rules and their current state. :: folderUid?
get_alert_rule :: Get an alert rule with its query and thresholds. :: uid
create_annotation :: Add an annotation (for example a deploy marker) to dashboards. :: text time? tags? dashboardUid?
list_contact_points :: List alert contact points (email, Slack, PagerDuty). :: -
list_folders :: List dashboard folders. :: -
render_panel_image :: Render a dashboard panel as a PNG image. :: uid panelId from? to?
`,
  servers: [
    {
      id: 'grafana',
      displayName: 'Grafana',
      categories: ['observability', 'dashboards'],
      naming: 'snake',
      parameterNaming: 'camel',
    },
  ],
};

export const PROMETHEUS_FAMILY: FamilySpec = {
  tools: `
instant_query :: Evaluate a PromQL expression at one point in time. :: expr time?
range_query :: Evaluate a PromQL expression over a time range. :: expr start end step
list_metrics :: List metric names, optionally filtered by a matcher. :: match?
get_metric_metadata :: Get the type and help text of a metric. :: metric
list_targets :: List scrape targets and whether they are up. :: state?
list_alerts :: List active alerts. :: -
list_rules :: List recording and alerting rules. :: type?
get_label_values :: List the values of a label. :: label match?
`,
  servers: [
    {
      id: 'prometheus',
      displayName: 'Prometheus',
      categories: ['observability', 'metrics'],
      naming: 'snake',
      parameterNaming: 'snake',
    },
  ],
};

export const DATADOG_FAMILY: FamilySpec = {
  tools: `
query_metrics :: Query timeseries metrics with the Datadog query syntax. :: query from to
search_logs :: Search logs by query and time range. :: query from to limit?
list_monitors :: List monitors and their status. :: query? tags?
get_monitor :: Get a monitor with its query, thresholds and notification settings. :: monitorId
mute_monitor :: Mute a monitor, optionally until a time. :: monitorId end?
create_monitor :: Create a monitor that alerts on a metric or log query. :: name type query message thresholds?
list_dashboards :: List Datadog dashboards. :: query?
get_dashboard :: Get a Datadog dashboard with its widgets. :: dashboardId
list_incidents :: List Datadog incidents. :: query?
get_incident :: Get a Datadog incident with its timeline. :: incidentId
list_hosts :: List monitored hosts with their status and tags. :: filter?
list_slos :: List service level objectives and their error budgets. :: query?
search_spans :: Search APM spans (traces) by service, resource and duration. :: query from to limit?
`,
  servers: [
    {
      id: 'datadog',
      displayName: 'Datadog',
      categories: ['observability', 'monitoring'],
      naming: 'snake',
      parameterNaming: 'snake',
    },
  ],
};

export const NEW_RELIC_FAMILY: FamilySpec = {
  tools: `
run_nrql_query :: Run an NRQL query. :: nrql accountId?
list_applications :: List APM applications with their health status. :: name?
get_application_metrics :: Get throughput, response time and error rate of an application. :: applicationId from? to?
list_alert_policies :: List alert policies. :: -
list_open_alert_incidents :: List open alert incidents. :: -
search_entities :: Search monitored entities (services, hosts, browsers) by name or tag. :: query
create_deployment_marker :: Record a deployment on an application's charts. :: applicationId revision description? user?
`,
  servers: [
    {
      id: 'newrelic',
      displayName: 'New Relic',
      categories: ['observability', 'monitoring'],
      naming: 'camel',
      parameterNaming: 'camel',
    },
  ],
};

const ERROR_TRACKER_TOOLS = `
list_projects :: List the {product} projects of the organization. :: organization?
list_issues :: List {unresolved error|error} issues {in a project|of a project} sorted by frequency or last seen. :: project query? sort? limit?
get_issue :: Get an error issue: title, culprit, first and last seen, event count and affected users. :: issueId
get_issue_events :: List the events (occurrences) of an error issue. :: issueId limit?
get_event :: Get one error event with its stack trace, breadcrumbs and tags. :: eventId project?
resolve_issue :: Mark an error issue as resolved. :: issueId
ignore_issue :: Ignore (mute) an error issue. :: issueId duration? :: except=bugsnag
assign_issue :: Assign an error issue to a user or team. :: issueId assignee
search_events :: Search error events by tags, message or release. :: query project? limit?
list_releases :: List releases{ and their adoption|}. :: project
get_release_health :: Get crash-free sessions and users for a release. :: project release :: except=rollbar
list_organizations :: List the organizations you belong to. :: - :: only=sentry
`;

export const ERROR_TRACKER_FAMILY: FamilySpec = {
  tools: ERROR_TRACKER_TOOLS,
  parameterDocs: { project: 'string: Slug or id of the {product} project' },
  servers: [
    {
      id: 'sentry',
      displayName: 'Sentry',
      categories: ['errors', 'observability'],
      naming: 'snake',
      parameterNaming: 'snake',
      vocabulary: { product: 'Sentry' },
    },
    {
      id: 'rollbar',
      displayName: 'Rollbar',
      categories: ['errors', 'observability'],
      naming: 'snake',
      parameterNaming: 'camel',
      namePrefix: 'rollbar',
      vocabulary: { product: 'Rollbar' },
    },
    {
      id: 'bugsnag',
      displayName: 'Bugsnag',
      categories: ['errors', 'observability'],
      naming: 'camel',
      parameterNaming: 'camel',
      vocabulary: { product: 'Bugsnag' },
    },
    {
      id: 'honeybadger',
      displayName: 'Honeybadger',
      categories: ['errors', 'observability'],
      naming: 'kebab',
      parameterNaming: 'snake',
      vocabulary: { product: 'Honeybadger' },
    },
  ],
};

const ON_CALL_TOOLS = `
list_incidents :: List incidents, filtered by status, service or urgency. :: status? serviceId? since? until?
get_incident :: Get an incident with its timeline, assignees and alerts. :: incidentId
create_incident :: Trigger a new incident on a service. :: serviceId title urgency? details?
acknowledge_incident :: Acknowledge an incident. :: incidentId
resolve_incident :: Resolve an incident. :: incidentId resolution?
add_incident_note :: Add a note to an incident. :: incidentId note
escalate_incident :: Escalate an incident to the next level of its escalation policy. :: incidentId level?
list_oncalls :: List who is on call now for each schedule and escalation policy. :: scheduleId? since? until?
list_schedules :: List on-call schedules. :: query?
list_services :: List {product} services{ and their integrations|}. :: query?
`;

export const ON_CALL_FAMILY: FamilySpec = {
  tools: ON_CALL_TOOLS,
  servers: [
    {
      id: 'pagerduty',
      displayName: 'PagerDuty',
      categories: ['incidents', 'on-call'],
      naming: 'snake',
      parameterNaming: 'snake',
      vocabulary: { product: 'PagerDuty' },
    },
    {
      id: 'opsgenie',
      displayName: 'Opsgenie',
      categories: ['incidents', 'on-call'],
      naming: 'kebab',
      parameterNaming: 'camel',
      vocabulary: { product: 'Opsgenie' },
    },
    {
      id: 'incident-io',
      displayName: 'incident.io',
      categories: ['incidents', 'on-call'],
      naming: 'snake',
      parameterNaming: 'snake',
      vocabulary: { product: 'incident.io' },
    },
  ],
};

export const SPLUNK_FAMILY: FamilySpec = {
  tools: `
run_search :: Run a Splunk search (SPL) over a time range and return the events. :: spl earliest? latest? maxCount?
list_indexes :: List the Splunk indexes and their event counts. :: -
list_saved_searches :: List saved searches and reports. :: -
run_saved_search :: Run a saved search and return its results. :: savedSearchName
list_fired_alerts :: List alerts that fired recently. :: -
get_search_job :: Get the status and results of a search job. :: searchId
list_sourcetypes :: List the source types of the indexed data. :: index?
`,
  servers: [
    {
      id: 'splunk',
      displayName: 'Splunk',
      categories: ['observability', 'logs'],
      naming: 'snake',
      parameterNaming: 'snake',
      namePrefix: 'splunk',
    },
  ],
};

export const KUBERNETES_FAMILY: FamilySpec = {
  tools: `
list_pods :: List pods in a namespace with their status, restarts and age. :: namespace? labelSelector?
get_pod :: Get a pod's spec and status. :: namespace podName
get_pod_logs :: Get the logs of a pod's container. :: namespace podName container? tailLines? previous?
delete_pod :: Delete a pod (its controller recreates it). :: namespace podName
describe_resource :: Describe any resource, including recent events, like kubectl describe. :: kind name namespace?
list_deployments :: List deployments with ready and desired replicas. :: namespace?
scale_deployment :: Scale a deployment to a number of replicas. :: namespace deploymentName replicas
rollout_restart :: Restart a deployment's pods with a rolling update. :: namespace deploymentName
rollout_status :: Show the rollout status of a deployment. :: namespace deploymentName
apply_manifest :: Apply a YAML manifest to the cluster. :: manifest namespace?
list_namespaces :: List the namespaces of the cluster. :: -
list_services :: List services with their type, cluster IP and ports. :: namespace?
list_nodes :: List nodes with their status, roles and versions. :: -
get_events :: List recent cluster events, warnings first. :: namespace?
exec_in_pod :: Run a command in a pod's container. :: namespace podName command container?
port_forward :: Forward a local port to a pod or service. :: namespace resource localPort remotePort
list_configmaps :: List config maps in a namespace. :: namespace?
top_pods :: Show CPU and memory usage of pods. :: namespace?
cordon_node :: Mark a node unschedulable. :: nodeName
`,
  servers: [
    {
      id: 'kubernetes',
      displayName: 'Kubernetes (prod cluster)',
      categories: ['kubernetes', 'infrastructure'],
      naming: 'snake',
      parameterNaming: 'camel',
    },
  ],
};

export const DOCKER_FAMILY: FamilySpec = {
  tools: `
list_containers :: List containers, running or all. :: all?
run_container :: Run a new container from an image. :: image name? ports? environment? command?
stop_container :: Stop a running container. :: container
remove_container :: Remove a container. :: container force?
get_container_logs :: Get the logs of a container. :: container tail?
inspect_container :: Show a container's configuration, state and network settings. :: container
list_images :: List local images. :: -
pull_image :: Pull an image from a registry. :: image
build_image :: Build an image from a Dockerfile. :: contextPath tag dockerfile?
exec_command :: Run a command inside a running container. :: container command
list_volumes :: List volumes. :: -
list_networks :: List networks. :: -
prune_system :: Remove stopped containers, unused networks and dangling images. :: volumes?
`,
  servers: [
    {
      id: 'docker',
      displayName: 'Docker',
      categories: ['containers', 'infrastructure', 'local'],
      naming: 'snake',
      parameterNaming: 'snake',
    },
  ],
};

export const HELM_FAMILY: FamilySpec = {
  tools: `
list_releases :: List Helm releases in a namespace. :: namespace?
install_chart :: Install a chart as a new release. :: releaseName chart namespace? values?
upgrade_release :: Upgrade a release to a new chart version or values. :: releaseName chart namespace? values?
rollback_release :: Roll a release back to a previous revision. :: releaseName revision namespace?
uninstall_release :: Uninstall a release. :: releaseName namespace?
search_charts :: Search charts in the configured repositories. :: keyword
get_release_values :: Get the values a release was installed with. :: releaseName namespace?
add_repository :: Add a chart repository. :: repositoryName url
`,
  servers: [
    {
      id: 'helm',
      displayName: 'Helm',
      categories: ['kubernetes', 'infrastructure'],
      naming: 'kebab',
      parameterNaming: 'camel',
    },
  ],
};

export const AWS_FAMILY: FamilySpec = {
  tools: `
list_ec2_instances :: List EC2 instances with their state, type and IP addresses. :: region? filters?
start_ec2_instance :: Start a stopped EC2 instance. :: instanceId
stop_ec2_instance :: Stop a running EC2 instance. :: instanceId
list_lambda_functions :: List Lambda functions. :: region?
invoke_lambda :: Invoke a Lambda function with a JSON payload. :: functionName payload?
get_cloudwatch_logs :: Get log events from a CloudWatch log group. :: logGroupName filterPattern? startTime? endTime?
get_metric_statistics :: Get CloudWatch metric statistics for a resource. :: namespace metricName dimensions startTime endTime period
list_security_groups :: List security groups and their rules. :: vpcId?
get_cost_and_usage :: Get AWS cost and usage for a period, grouped by service. :: startDate endDate granularity? groupBy?
list_iam_users :: List IAM users and their last activity. :: -
`,
  servers: [
    {
      id: 'aws',
      displayName: 'AWS',
      categories: ['cloud', 'aws'],
      naming: 'snake',
      parameterNaming: 'camel',
    },
  ],
};

export const TERRAFORM_FAMILY: FamilySpec = {
  tools: `
plan :: Show the changes Terraform would make to the infrastructure. :: workingDirectory variables?
apply :: Apply the planned infrastructure changes. :: workingDirectory autoApprove?
show_state :: Show the resources in the Terraform state. :: workingDirectory
list_workspaces :: List Terraform workspaces. :: workingDirectory
validate :: Validate the Terraform configuration files. :: workingDirectory
get_outputs :: Get the output values of the configuration. :: workingDirectory
search_registry_modules :: Search the Terraform registry for modules. :: query
`,
  servers: [
    {
      id: 'terraform',
      displayName: 'Terraform',
      categories: ['infrastructure', 'iac'],
      naming: 'snake',
      parameterNaming: 'snake',
      namePrefix: 'terraform',
    },
  ],
};

export const CLOUDFLARE_FAMILY: FamilySpec = {
  tools: `
list_zones :: List the DNS zones (domains) of the account. :: -
list_dns_records :: List DNS records of a zone. :: zoneId type?
create_dns_record :: Create a DNS record. :: zoneId type recordName recordContent ttl? proxied?
purge_cache :: Purge cached files from the CDN. :: zoneId files?
list_workers :: List Workers scripts. :: -
deploy_worker :: Deploy a Workers script. :: scriptName script
get_zone_analytics :: Get traffic analytics of a zone: requests, bandwidth, threats. :: zoneId since?
`,
  servers: [
    {
      id: 'cloudflare',
      displayName: 'Cloudflare',
      categories: ['cdn', 'dns', 'cloud'],
      naming: 'snake',
      parameterNaming: 'camel',
    },
  ],
};

export const OPERATIONS_FAMILIES: readonly FamilySpec[] = [
  GRAFANA_FAMILY,
  PROMETHEUS_FAMILY,
  DATADOG_FAMILY,
  NEW_RELIC_FAMILY,
  SPLUNK_FAMILY,
  ERROR_TRACKER_FAMILY,
  ON_CALL_FAMILY,
  KUBERNETES_FAMILY,
  DOCKER_FAMILY,
  HELM_FAMILY,
  AWS_FAMILY,
  TERRAFORM_FAMILY,
  CLOUDFLARE_FAMILY,
];
