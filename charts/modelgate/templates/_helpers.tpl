{{/* Names, labels and the values every Modelgate container shares. */}}

{{- define "modelgate.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Release-scoped base name; components append "-edge", "-relay", … */}}
{{- define "modelgate.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 50 | trimSuffix "-" -}}
{{- else if contains (include "modelgate.name" .) .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name (include "modelgate.name" .) | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "modelgate.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels of every object; call with the root context. */}}
{{- define "modelgate.labels" -}}
helm.sh/chart: {{ include "modelgate.chart" . }}
app.kubernetes.io/name: {{ include "modelgate.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: modelgate
{{- end -}}

{{/* Selector labels of one component: (dict "root" $ "component" "relay"). */}}
{{- define "modelgate.selectorLabels" -}}
app.kubernetes.io/name: {{ include "modelgate.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* Every label of one component's objects: (dict "root" $ "component" "relay"). */}}
{{- define "modelgate.componentLabels" -}}
{{ include "modelgate.labels" .root }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "modelgate.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{/* The ports each process listens on (fixed: the same numbers the services default to). */}}
{{- define "modelgate.port.edgeHttp" -}}3000{{- end -}}
{{- define "modelgate.port.relayHttp" -}}3001{{- end -}}
{{- define "modelgate.port.identityGrpc" -}}50051{{- end -}}
{{- define "modelgate.port.billingGrpc" -}}50052{{- end -}}
{{- define "modelgate.port.relayGrpc" -}}50053{{- end -}}
{{- define "modelgate.port.taskGrpc" -}}50054{{- end -}}
{{- define "modelgate.port.operatorHttp" -}}8080{{- end -}}

{{/* host:port of a component's gRPC Service: (dict "root" $ "component" "billing"). */}}
{{- define "modelgate.grpcAddress" -}}
{{- $port := include (printf "modelgate.port.%sGrpc" .component) .root -}}
{{- printf "%s-%s:%s" (include "modelgate.fullname" .root) .component $port -}}
{{- end -}}

{{- define "modelgate.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "modelgate.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "modelgate.operator.serviceAccountName" -}}
{{- if .Values.operator.serviceAccount.create -}}
{{- default (printf "%s-operator" (include "modelgate.fullname" .)) .Values.operator.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.operator.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The Secret holding the URLs given inline in values (DATABASE_URL, NATS_URL). */}}
{{- define "modelgate.configSecretName" -}}
{{- printf "%s-config" (include "modelgate.fullname" .) -}}
{{- end -}}

{{- define "modelgate.grpcSecretName" -}}
{{- default (printf "%s-grpc" (include "modelgate.fullname" .)) .Values.grpcSecret.existingSecret -}}
{{- end -}}

{{- define "modelgate.sessionSecretName" -}}
{{- default (printf "%s-session" (include "modelgate.fullname" .)) .Values.sessionSecret.existingSecret -}}
{{- end -}}

{{/* Where DATABASE_URL comes from: {name, key} of a Secret. */}}
{{- define "modelgate.databaseSecretRef" -}}
{{- if .Values.database.existingSecret -}}
name: {{ .Values.database.existingSecret }}
key: {{ .Values.database.existingSecretKey }}
{{- else if .Values.database.url -}}
name: {{ include "modelgate.configSecretName" . }}
key: DATABASE_URL
{{- else -}}
{{- fail "set database.url or database.existingSecret: Modelgate needs an external PostgreSQL" -}}
{{- end -}}
{{- end -}}

{{- define "modelgate.natsSecretRef" -}}
{{- if .Values.nats.existingSecret -}}
name: {{ .Values.nats.existingSecret }}
key: {{ .Values.nats.existingSecretKey }}
{{- else if .Values.nats.url -}}
name: {{ include "modelgate.configSecretName" . }}
key: NATS_URL
{{- else -}}
{{- fail "set nats.url or nats.existingSecret: Modelgate needs NATS with JetStream" -}}
{{- end -}}
{{- end -}}

{{/*
Environment every service process reads: PostgreSQL, NATS, logging, deadlines, tracing.
Call with (dict "root" $ "component" "relay").
*/}}
{{- define "modelgate.commonEnv" -}}
{{- $v := .root.Values -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      {{- include "modelgate.databaseSecretRef" .root | nindent 6 }}
- name: DATABASE_POOL_SIZE
  value: {{ $v.database.poolSize | quote }}
- name: NATS_URL
  valueFrom:
    secretKeyRef:
      {{- include "modelgate.natsSecretRef" .root | nindent 6 }}
{{- with $v.nats.namespace }}
- name: NATS_NAMESPACE
  value: {{ . | quote }}
{{- end }}
- name: LOG_LEVEL
  value: {{ $v.logLevel | quote }}
- name: GRPC_DEADLINE_MS
  value: {{ $v.grpcDeadlineMs | quote }}
- name: SHUTDOWN_TIMEOUT_MS
  value: {{ $v.shutdownTimeoutMs | quote }}
{{- with $v.telemetry.otlpEndpoint }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ . | quote }}
{{- end }}
{{- with $v.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* A component's own `env` map from values, as EnvVar entries. */}}
{{- define "modelgate.envMap" -}}
{{- range $name, $value := . }}
- name: {{ $name }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end -}}

{{/* The shared session secret, for the services that sign or verify browser-facing values. */}}
{{- define "modelgate.sessionEnv" -}}
- name: SESSION_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ include "modelgate.sessionSecretName" . }}
      key: {{ .Values.sessionSecret.key }}
{{- end -}}

{{/*
gRPC between the services: the shared secret every call carries (GRPC_SECRET), for every service
that serves or calls gRPC. With `serve`, also the interface the gRPC server binds: every one in a
pod (the services' own default is loopback). Call with (dict "root" $ "serve" true).
*/}}
{{- define "modelgate.grpcEnv" -}}
{{- if .serve }}
- name: GRPC_HOST
  value: "0.0.0.0"
{{- end }}
- name: GRPC_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ include "modelgate.grpcSecretName" .root }}
      key: {{ .root.Values.grpcSecret.key }}
{{- end -}}

{{/* Seconds Kubernetes waits after SIGTERM: the services' own drain bound plus a margin. */}}
{{- define "modelgate.terminationGrace" -}}
{{- add (div .Values.shutdownTimeoutMs 1000) 10 -}}
{{- end -}}

{{- define "modelgate.operator.leaseName" -}}
{{- default (printf "%s-operator" (include "modelgate.fullname" .)) .Values.operator.leaderElection.leaseName -}}
{{- end -}}

{{/*
The proxies edge and relay believe X-Forwarded-For from (TRUSTED_PROXIES): loopback and
`trustedProxies`. Nothing when none are set: the services' own default is loopback only.
*/}}
{{- define "modelgate.trustedProxiesEnv" -}}
{{- with .Values.trustedProxies }}
- name: TRUSTED_PROXIES
  value: {{ prepend . "loopback" | join "," | quote }}
{{- end }}
{{- end -}}

{{/* "true" when a component serves /metrics on the metrics port (every service but the operator,
which serves it on its own HTTP port). Called with (dict "root" $ "component" "relay"). */}}
{{- define "modelgate.servesMetrics" -}}
{{- if and .root.Values.metrics.enabled (ne .component "operator") -}}true{{- end -}}
{{- end -}}

{{/* Metrics listener, access log and trace sampling of a service (not the operator). */}}
{{- define "modelgate.observabilityEnv" -}}
{{- $v := .root.Values -}}
{{- if ne .component "operator" }}
- name: METRICS_PORT
  value: {{ ternary ($v.metrics.port | toString) "off" $v.metrics.enabled | quote }}
- name: METRICS_HOST
  value: "0.0.0.0"
{{- if or (eq .component "edge") (eq .component "relay") }}
- name: ACCESS_LOG
  value: {{ index $v.accessLog .component | quote }}
- name: ACCESS_LOG_FORMAT
  value: "json"
- name: ACCESS_LOG_SAMPLE
  value: {{ $v.accessLog.sampleRatio | toString | quote }}
{{- end }}
{{- end }}
{{- with $v.telemetry.otlpEndpoint }}
- name: OTEL_TRACES_SAMPLER_ARG
  value: {{ $v.telemetry.sampleRatio | toString | quote }}
{{- end }}
{{- end -}}

{{/* "true" when the Prometheus Operator's `kind` (ServiceMonitor, PrometheusRule) is to be rendered:
asked for with `enabled`, or `whenAvailable` and the cluster serves monitoring.coreos.com/v1. */}}
{{- define "modelgate.monitoringKind" -}}
{{- $cfg := .config -}}
{{- if or $cfg.enabled (and $cfg.whenAvailable (.root.Capabilities.APIVersions.Has (printf "monitoring.coreos.com/v1/%s" .kind))) -}}true{{- end -}}
{{- end -}}
