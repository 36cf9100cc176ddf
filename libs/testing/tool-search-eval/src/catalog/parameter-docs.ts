// Types and descriptions of the synthetic tools' parameters, one line per canonical (camelCase) name:
// `name: type: description`. Families override entries whose meaning depends on the product.
import type { ParameterDocs } from './tool-template.dsl';

const LINES = `
accountId: string: Account id; defaults to the configured account
action: object: What to do with matching messages (add label, archive, forward)
active: boolean: Only active items
addLabels: string[]: Labels to add
address: string: Street address, city or landmark
all: boolean: Include read notifications as well
amount: integer: Amount in the smallest currency unit (for example cents)
analyze: boolean: Run the query to report actual times
applicationId: string: Id of the application
archived: boolean: Archive (true) or restore (false)
assignee: string: Username or id of the assignee
assigneeId: string: Id of the agent to assign
assignees: string[]: Usernames to assign
atPeriodEnd: boolean: Cancel at the end of the current billing period instead of now
attachmentId: string: Id of the attachment
attachments: string[]: Paths or ids of files to attach
attendees: string[]: Email addresses of the attendees
author: string: Only commits by this author
autoApprove: boolean: Apply without asking for confirmation
autoInit: boolean: Create an initial commit with a README
available: integer: Quantity available
base: string: Branch the changes are merged into
bcc: string[]: Blind copy recipients
blockId: string: Id of the page or block
boardId: string: Id of the board
body: string: Text in Markdown
bodyHtml: string: Description in HTML
branch: string: Branch name
bucket: string: Name of the bucket
calendarId: string: Calendar id; defaults to the primary calendar
cc: string[]: Copy recipients
channelId: string: Id of the channel
channelName: string: Name of the channel
chart: string: Chart reference, for example bitnami/postgresql
children: object: Blocks to append
code: string: The code customers enter
collection: string: Name of the collection
color: string: Color as a hex code without #
command: string: Command to run
comment: string: Comment text
comments: object: Inline review comments by file and line
commitTitle: string: Title of the merge commit
company: string: Company name
companyId: string: Id of the company
completed: boolean: Include completed items
contactId: string: Id of the contact
container: string: Container name or id
containerId: string: Id of the list or project
containerName: string: Name of the new list or project
content: string: Content to write
contentType: string: MIME type of the content
contextPath: string: Path of the build context
continuationToken: string: Token from the previous page
count: integer: Number of results
createdAtMin: string: Only orders created after this date
criteria: object: Which messages match: from, to, subject, query
currency: string: Three-letter ISO currency code
cursor: string: Pagination cursor from the previous response
customerId: string: Id of the customer
customerName: string: Full name of the customer
dashboard: object: Dashboard JSON model
dashboardId: string: Id of the dashboard
dashboardUid: string: Uid of the dashboard to annotate
database: string: Database name
databaseId: string: Id of the database
datasourceUid: string: Uid of the data source
days: integer: Number of days
dealId: string: Id of the deal
dealName: string: Name of the deal
deploymentId: string: Id of the deployment
deploymentName: string: Name of the deployment
depth: integer: How deep to traverse the document tree
description: string: Description
destination: string: New path
destinationBucket: string: Target bucket or container
destinationFolder: string: Id or well-known name of the target folder
destinationFolderId: string: Id of the target folder
destinationKey: string: Target key
destinations: string[]: Destination addresses or coordinates
details: string: Details of the incident
dimensions: object: Metric dimensions, for example InstanceId
dockerfile: string: Path of the Dockerfile
document: object: The document as JSON
documentId: string: Id of the document
documents: object: Documents to insert
draft: boolean: Create as a draft
dueBefore: string: Only items due before this date
dueDate: string: Due date (YYYY-MM-DD)
duration: string: How long, for example 24h
earliest: string: Start of the time range, for example -24h
durationMinutes: integer: Meeting length in minutes
email: string: Email address
emails: string[]: Email addresses
encoding: string: Text encoding, default utf-8
end: string: End time (ISO 8601 or relative like now)
endDate: string: End date (YYYY-MM-DD)
endDateTime: string: End of the range (ISO 8601)
endTime: string: End time (ISO 8601)
environment: object: Environment variables
esql: string: The ES|QL query
event: enum(APPROVE|REQUEST_CHANGES|COMMENT): Review action
eventId: string: Id of the event
expireSeconds: integer: Expire the key after this many seconds
expiresIn: integer: Seconds until the URL expires
expr: string: PromQL expression
expression: string: Math expression
failedOnly: boolean: Only jobs that failed
fields: object: Field values by field name
fileId: string: Id of the file
fileKey: string: Key of the Figma file (from its URL)
fileName: string: File name
files: object: Files to push, each with path and content
filter: object: Query filter
filterExpression: string: Filter expression applied after reading
filterPattern: string: CloudWatch filter pattern
filters: object: Filters by attribute
find: string: Text to find
firstName: string: First name
folder: string: Folder path or name
folderId: string: Id of the folder; the root when omitted
folderName: string: Name of the new folder
folderUid: string: Uid of the folder
force: boolean: Force the removal of a running container
format: string: Output format
formats: string[]: Output formats such as markdown or html
freshness: string: How recent, for example pd (past day) or pw (past week)
from: string: Start of the time range
fromBranch: string: Branch or commit to start from; the default branch when omitted
fromUnit: string: Unit of the value
fullPage: boolean: Capture the whole scrollable page
functionName: string: Name of the function
granularity: enum(DAILY|MONTHLY): Time granularity
groupBy: string: Dimension to group by, for example SERVICE
head: string: Branch with the changes
headers: object: HTTP headers
image: string: Image name and tag
importance: enum(low|normal|high): Importance of the message
incidentId: string: Id of the incident
index: string: Index name
instanceId: string: Id of the instance
inventoryItemId: string: Id of the inventory item
inwardIssue: string: Key of the issue the link points from
isPrivate: boolean: Create a private channel
issueId: string: Id of the issue
issueKey: string: Key of the issue, for example ENG-123
issueKeys: string[]: Keys of the issues
issueNumber: integer: Number of the issue
issueType: string: Issue type, for example Bug or Task
item: object: The item's attributes
itemKey: object: Primary key attributes of the item
items: object: Invoice line items
jobId: string: Id of the job
key: string: Key
keyConditionExpression: string: Condition on the partition and sort key
keys: string[]: Keys
keyword: string: Search keyword
kind: string: Resource kind, for example Pod or Deployment
label: string: Label
labelSelector: string: Label selector, for example app=web
labels: string[]: Label names
language: string: Language code
lastName: string: Last name
latest: string: Only messages before this timestamp
latitude: number: Latitude
lead: string: Username of the lead
level: integer: Escalation level
limit: integer: Maximum number of results
linkType: string: Link type, for example Blocks
localPath: string: Path on the local machine
localPort: integer: Local port
locale: string: Locale, for example en-us
location: string: City, address or coordinates
locationId: string: Id of the location
locations: string[]: Coordinates as lat,lng
logGroupName: string: Name of the log group
logql: string: LogQL query
longitude: number: Longitude
macroId: string: Id of the macro
manifest: string: YAML manifest
match: string: Series selector
maxDepth: integer: How many links deep to follow
maxKeys: integer: Maximum number of keys to return
maxCount: integer: Maximum number of events
maxLength: integer: Maximum number of characters to return
maxResults: integer: Maximum number of results
maxRows: integer: Maximum number of rows to return
mergeMethod: enum(merge|squash|rebase): Merge strategy
message: string: Message text
messageId: string: Id of the message
metadata: object: Key-value metadata
method: enum(GET|PUT): HTTP method the URL allows
metric: string: Metric name
metricName: string: Name of the metric
milestone: string: Milestone title or number
mimeType: string: MIME type
mode: string: Travel mode or file mode
monitorId: string: Id of the monitor
name: string: Name
namespace: string: Namespace
newName: string: New name
nodeIds: string[]: Ids of the nodes
nodeName: string: Name of the node
note: string: Note text
notes: string: Notes or description
nrql: string: NRQL query
objectId: string: Id of the record to attach to
objectType: string: API name of the object, for example Account
offset: integer: Number of results to skip
oldest: string: Only messages after this timestamp
order: enum(asc|desc): Sort order
orderId: string: Id of the order
organization: string: Organization name
origin: string: Start address or coordinates
origins: string[]: Start addresses or coordinates
outwardIssue: string: Key of the issue the link points to
owner: string: Owner (user or organization)
page: integer: Page number, starting at 1
pageId: string: Id of the page
pageSize: integer: Number of results per page
panelId: integer: Id of the panel
paperId: string: arXiv id, for example 2401.01234
parameters: object: Pipeline parameters
parentId: string: Id of the parent page or folder
participating: boolean: Only notifications where you participate
path: string: Path of the file or directory
pattern: string: Glob or regular expression pattern
payload: object: JSON payload
paymentIntentId: string: Id of the payment intent or charge
perPage: integer: Results per page (max 100)
period: integer: Granularity in seconds
permission: enum(read|write|admin): Permission to grant
pipeline: object: Aggregation stages
pipelineId: string: Id of the pipeline or build
placeId: string: Id of the place
podName: string: Name of the pod
policy: object: Policy document
postAt: string: When to post (ISO 8601)
ports: object: Port mappings host:container
prefix: string: Only names starting with this prefix
prerelease: boolean: Mark as a pre-release
previous: boolean: Logs of the previous (crashed) container
priceId: string: Id of the price
priority: string: Priority
private: boolean: Create it as private
productId: string: Id of the product
productType: string: Product type
project: string: Project slug or id
projectId: string: Id of the project
projectKey: string: Key of the project
projection: object: Fields to return
prompt: string: What to extract
properties: object: Property values by name
proxied: boolean: Proxy through the CDN
public: boolean: Public reply (true) or internal note (false)
pullNumber: integer: Number of the pull or merge request
quantity: integer: Quantity
query: string: Search query
queryBody: object: Query DSL body
radius: integer: Search radius in meters
raw: boolean: Return raw HTML instead of Markdown
reaction: string: Emoji name without colons
reason: string: Reason
recordContent: string: Record value, for example an IP address
recordId: string: Id of the record
recordName: string: DNS name
recurring: object: Billing interval for subscriptions
recursive: boolean: Include everything below it
ref: string: Branch, tag or commit
refund: boolean: Refund the payment
region: string: Region
release: string: Release version
releaseName: string: Name of the release
remotePath: string: Path on the remote server
remotePort: integer: Port on the pod or service
removeLabels: string[]: Labels to remove
replacement: string: Replacement text
replicas: integer: Desired number of replicas
replyAll: boolean: Reply to all recipients
repo: string: Repository name
repositoryName: string: Name for the chart repository
requesterEmail: string: Email of the person asking for help
resolution: string: How it was resolved
resource: string: Pod or service, for example svc/web
response: enum(accepted|declined|tentative): Your answer
reviewers: string[]: Usernames of the reviewers
revision: string: Revision or version
role: enum(reader|commenter|writer): Access to grant
runId: string: Id of the run
scale: number: Image scale
savedSearchName: string: Name of the saved search
scheduleId: string: Id of the schedule
schema: string: Schema name
script: string: Script source
scriptName: string: Name of the script
search: string: Only URLs containing this text
searchId: string: Id of the search job
seconds: integer: Time to live in seconds
section: string: Info section, for example memory
selector: string: CSS selector of the element
serviceId: string: Id of the service
sha: string: Commit SHA or branch
since: string: Only items updated after this time (ISO 8601)
size: integer: Number of hits to return
soql: string: SOQL query
sort: string: Sort field
sortBy: string: Sort field
sorts: object: Sort order
sosl: string: SOSL search
spl: string: Search in the Search Processing Language
source: string: Current path
sourceLanguage: string: Language of the text; detected when omitted
sourceTimezone: string: IANA time zone of the time
spaceKey: string: Key of the space
sprintId: string: Id of the sprint
sql: string: SQL text
stage: string: Pipeline stage
start: string: Start time (ISO 8601)
startAt: integer: Index of the first result
startDate: string: Start date (YYYY-MM-DD)
startDateTime: string: Start of the range (ISO 8601)
startIndex: integer: Character offset to start from
startTime: string: Start time (ISO 8601)
started: string: When the work started
startsAt: string: When the code becomes valid
state: enum(open|closed|all): Filter by state
status: string: Status
statusEmoji: string: Emoji for the status
statusText: string: Status text
step: string: Resolution step, for example 30s
subject: string: Subject line
subscriptionId: string: Id of the subscription
summary: string: Summary (title)
table: string: Table name
tableName: string: Name of the table
tag: string: Tag or label name
tagName: string: Git tag of the release
tags: string[]: Tags
tail: integer: Number of lines from the end
tailLines: integer: Number of lines from the end
target: string: Environments, for example production
targetLanguage: string: Language to translate into
targetTimezone: string: IANA time zone to convert into
taskId: string: Id of the task
teamId: string: Id of the team
text: string: Text
threadTs: string: Timestamp of the parent message
thresholds: object: Warning and critical thresholds
ticketId: integer: Id of the ticket
time: string: Time (ISO 8601)
timeMax: string: End of the range (RFC 3339)
timeMin: string: Start of the range (RFC 3339)
timeSpent: string: Time spent, for example 2h 30m
timeWindowEnd: string: Latest end (ISO 8601)
timeWindowStart: string: Earliest start (ISO 8601)
timestamp: string: Timestamp of the message
timezone: string: IANA time zone, for example Europe/Berlin
title: string: Title
to: string: Recipient email addresses, or the end of a time range
toUnit: string: Unit to convert into
top: integer: Number of messages
topic: string: Channel topic
trackingCompany: string: Carrier
trackingNumber: string: Shipment tracking number
transition: string: Name or id of the target status
ttl: integer: Time to live in seconds
type: string: Type
uid: string: Uid
unitAmount: integer: Price in the smallest currency unit
units: enum(metric|imperial): Units
until: string: Only items before this time (ISO 8601)
update: object: Update operators such as $set
updateExpression: string: Update expression, for example SET #s = :v
urgency: enum(high|low): Urgency
url: string: URL
urls: string[]: URLs
user: string: Who deployed
userId: string: Id of the user
userIds: string[]: Ids of the users
username: string: Username
value: string: Value
valueType: enum(percentage|fixed_amount): How the discount is applied
values: object: Chart values
variables: object: Input variables
variants: object: Product variants
vendor: string: Vendor
version: integer: Current version number of the page
videoId: string: Id of the video
volumes: boolean: Also remove unused volumes
vpcId: string: Only this VPC
workingDirectory: string: Directory with the Terraform configuration
workspaceId: string: Id of the workspace
zoneId: string: Id of the zone
`;

export const PARAMETER_DOCS: ParameterDocs = Object.fromEntries(
  LINES.split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    }),
);
