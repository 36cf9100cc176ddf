{{/*
Names, labels and the pieces every service shares. A "service" here is one of the three apps;
its values live under .Values.<key> (mcpGateway, curationApi, termBridge).
*/}}

{{- define "mcp-platform.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "mcp-platform.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* The three services: values key, component name, container port, database schema. */}}
{{- define "mcp-platform.services" -}}
mcpGateway: { component: mcp-gateway, port: 8080 }
curationApi: { component: curation-api, port: 8081 }
termBridge: { component: term-bridge, port: 8082 }
{{- end }}

{{/* Name of one service's objects. Argument: dict root component. */}}
{{- define "mcp-platform.componentName" -}}
{{- printf "%s-%s" (include "mcp-platform.fullname" .root) .component | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "mcp-platform.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "mcp-platform.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: mcp-platform
{{- end }}

{{/* Labels every pod of the release carries (the default-deny and DNS policies select them). */}}
{{- define "mcp-platform.instanceLabels" -}}
app.kubernetes.io/name: {{ include "mcp-platform.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{/* Selector labels of one component. Argument: dict root component. */}}
{{- define "mcp-platform.selectorLabels" -}}
{{ include "mcp-platform.instanceLabels" .root }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{- define "mcp-platform.image" -}}
{{- printf "%s:%s" .image.repository (default .root.Chart.AppVersion .image.tag) }}
{{- end }}

{{/* Hardened container security context, the same for every container of the chart. */}}
{{- define "mcp-platform.containerSecurityContext" -}}
runAsNonRoot: true
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: [ALL]
{{- end }}

{{- define "mcp-platform.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .Values.podSecurityContext.runAsUser }}
runAsGroup: {{ .Values.podSecurityContext.runAsGroup }}
fsGroup: {{ .Values.podSecurityContext.fsGroup }}
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{- define "mcp-platform.postgresqlName" -}}
{{- printf "%s-postgresql" (include "mcp-platform.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "mcp-platform.postgresqlSecretName" -}}
{{- default (include "mcp-platform.postgresqlName" .) .Values.postgresql.existingSecret }}
{{- end }}

{{/*
The database part of a service's environment. With an external server, DATABASE_URL comes from
database.existingSecret. With the bundled Postgres, the URL is assembled by Kubernetes from the
password secret ($(DATABASE_PASSWORD) expands the variable defined just before it).
*/}}
{{- define "mcp-platform.databaseEnv" -}}
{{- if .Values.postgresql.enabled }}
- name: DATABASE_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "mcp-platform.postgresqlSecretName" . }}
      key: {{ .Values.postgresql.passwordKey }}
- name: DATABASE_URL
  value: {{ printf "postgres://%s:$(DATABASE_PASSWORD)@%s:5432/%s" .Values.postgresql.username (include "mcp-platform.postgresqlName" .) .Values.postgresql.database | quote }}
{{- else }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ required "database.existingSecret is required (a Secret holding DATABASE_URL), unless postgresql.enabled is true" .Values.database.existingSecret }}
      key: {{ .Values.database.urlKey }}
{{- end }}
- name: DATABASE_RUN_MIGRATIONS
  value: "false"
- name: DATABASE_POOL_SIZE
  value: {{ .Values.database.poolSize | quote }}
{{- end }}

{{/*
A service's whole environment, for its Deployment and its migration Job alike (the Job runs before
any ConfigMap of the release exists, so nothing here comes from one). Secrets only by reference.
Argument: dict root key component port.
*/}}
{{- define "mcp-platform.serviceEnv" -}}
{{- $root := .root }}
{{- $values := index $root.Values .key }}
- name: PORT
  value: {{ .port | quote }}
- name: HOST
  value: "0.0.0.0"
- name: LOG_LEVEL
  value: {{ $values.logLevel | quote }}
- name: SHUTDOWN_GRACE_MS
  value: {{ mul $values.shutdownGraceSeconds 1000 | quote }}
- name: DATABASE_DATA_DIR
  value: /tmp/data
{{ include "mcp-platform.databaseEnv" $root | trim }}
{{- range $name, $ref := $values.secrets }}
{{- if $ref.existingSecret }}
- name: {{ $ref.key }}
  valueFrom:
    secretKeyRef:
      name: {{ $ref.existingSecret }}
      key: {{ $ref.key }}
{{- end }}
{{- end }}
{{- include (printf "mcp-platform.%s.env" .key) . }}
{{- range $name, $value := $values.extraEnv }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- end }}

{{- define "mcp-platform.serviceEnvFrom" -}}
{{- range .extraEnvFromSecrets }}
- secretRef:
    name: {{ . }}
{{- end }}
{{- end }}

{{/* The public URL of a service behind the ingress, or "" when it has no host there. */}}
{{- define "mcp-platform.publicUrl" -}}
{{- $host := index .root.Values.ingress.hosts .key }}
{{- if and .root.Values.ingress.enabled $host }}
{{- printf "%s://%s" (ternary "https" "http" .root.Values.ingress.tls.enabled) $host }}
{{- end }}
{{- end }}

{{- define "mcp-platform.mcpGateway.env" -}}
{{- $values := .root.Values.mcpGateway }}
{{- $publicUrl := default (include "mcp-platform.publicUrl" .) $values.publicUrl }}
{{- if $publicUrl }}
- name: GATEWAY_PUBLIC_URL
  value: {{ $publicUrl | quote }}
{{- end }}
{{- if $values.allowedOrigins }}
- name: GATEWAY_ALLOWED_ORIGINS
  value: {{ $values.allowedOrigins | quote }}
{{- end }}
{{- if $values.servers }}
- name: GATEWAY_SERVERS_FILE
  value: /etc/mcp-gateway/servers.yaml
{{- end }}
- name: HOME
  value: /home/node
{{- if and (not $values.secrets.replicaSecret.existingSecret) (or $values.autoscaling.enabled (gt (int $values.replicaCount) 1)) }}
{{- fail "mcpGateway.secrets.replicaSecret.existingSecret is required with more than one gateway replica: every replica must share one GATEWAY_REPLICA_SECRET (openssl rand -hex 32)" }}
{{- end }}
# Where the other replicas forward requests for this pod's sessions (docs/decisions/057).
- name: POD_IP
  valueFrom:
    fieldRef:
      fieldPath: status.podIP
- name: GATEWAY_REPLICA_URL
  value: "http://$(POD_IP):{{ .port }}"
{{- end }}

{{- define "mcp-platform.curationApi.env" -}}
{{- $values := .root.Values.curationApi }}
{{- if not $values.secrets.secretKey.existingSecret }}
{{- fail "curationApi.secrets.secretKey.existingSecret is required: every replica must share one CURATION_SECRET_KEY (32 bytes, base64)" }}
{{- end }}
- name: CURATION_SYNC_INTERVAL_MINUTES
  value: {{ $values.syncIntervalMinutes | quote }}
{{- if $values.adminPlexAccounts }}
- name: CURATION_ADMIN_PLEX_ACCOUNTS
  value: {{ $values.adminPlexAccounts | quote }}
{{- end }}
{{- end }}

{{- define "mcp-platform.termBridge.env" -}}
{{- $values := .root.Values.termBridge }}
{{- if not $values.secrets.apiKey.existingSecret }}
{{- fail "termBridge.secrets.apiKey.existingSecret is required: the bridge refuses to start without TERM_BRIDGE_API_KEY" }}
{{- end }}
- name: HOME
  value: /home/node
{{- if $values.defaultCommand }}
- name: TERM_BRIDGE_DEFAULT_COMMAND
  value: {{ $values.defaultCommand | quote }}
{{- end }}
{{- end }}

{{/*
Checksum of a service's secret references (names and keys): the contents of existing Secrets are
not visible to Helm, so rotating one still needs `kubectl rollout restart`; changing which Secret
or key is used rolls the pods.
*/}}
{{- define "mcp-platform.secretRefsChecksum" -}}
{{- $values := index .root.Values .key }}
{{- dict "database" .root.Values.database "postgresql" (pick .root.Values.postgresql "enabled" "existingSecret" "passwordKey") "secrets" $values.secrets "extra" $values.extraEnvFromSecrets | toJson | sha256sum }}
{{- end }}
