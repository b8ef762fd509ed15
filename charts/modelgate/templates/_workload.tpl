{{/*
One Modelgate Deployment. Called with a dict:
  root       the chart's root context
  component  edge | relay | identity | billing | task | operator
  values     the component's values
  args       node's arguments (the entry point of the service)
  ports      container ports (list of dicts)
  env        extra env entries (YAML string)
  probes     probes (YAML string)
  serviceAccountName, automountToken, strategy (optional), topologySpread (bool, optional)
*/}}
{{- define "modelgate.deployment" -}}
{{- $root := .root -}}
{{- $v := .values -}}
{{- $selector := dict "root" $root "component" .component -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "modelgate.fullname" $root }}-{{ .component }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "modelgate.componentLabels" $selector | nindent 4 }}
spec:
  {{- if not (and $v.autoscaling $v.autoscaling.enabled) }}
  replicas: {{ $v.replicaCount }}
  {{- end }}
  revisionHistoryLimit: 5
  {{- with .strategy }}
  strategy:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "modelgate.selectorLabels" $selector | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "modelgate.componentLabels" $selector | nindent 8 }}
      annotations:
        # Restart the pods when the PostgreSQL or NATS URL given in values changes.
        checksum/config: {{ include (print $root.Template.BasePath "/config-secret.yaml") $root | sha256sum }}
        {{- with $v.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ .serviceAccountName }}
      automountServiceAccountToken: {{ .automountToken }}
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- toYaml $root.Values.podSecurityContext | nindent 8 }}
      terminationGracePeriodSeconds: {{ include "modelgate.terminationGrace" $root }}
      {{- if .topologySpread }}
      {{- $spread := $v.topologySpread }}
      topologySpreadConstraints:
        {{- range list "topology.kubernetes.io/zone" "kubernetes.io/hostname" }}
        - topologyKey: {{ . }}
          maxSkew: {{ $spread.maxSkew }}
          whenUnsatisfiable: {{ $spread.whenUnsatisfiable }}
          labelSelector:
            matchLabels:
              {{- include "modelgate.selectorLabels" $selector | nindent 14 }}
          matchLabelKeys: [pod-template-hash]
        {{- end }}
      {{- end }}
      {{- with $v.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: {{ .component }}
          image: {{ include "modelgate.image" $root }}
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          args:
            {{- toYaml .args | nindent 12 }}
          {{- $ports := .ports }}
          {{- if include "modelgate.servesMetrics" (dict "root" $root "component" .component) }}
          {{- $ports = append $ports (dict "name" "metrics" "containerPort" ($root.Values.metrics.port | int)) }}
          {{- end }}
          ports:
            {{- toYaml $ports | nindent 12 }}
          env:
            {{- include "modelgate.commonEnv" $selector | nindent 12 }}
            {{- include "modelgate.observabilityEnv" $selector | nindent 12 }}
            {{- with .env }}
            {{- . | nindent 12 }}
            {{- end }}
            {{- with $v.env }}
            {{- include "modelgate.envMap" . | nindent 12 }}
            {{- end }}
          {{- .probes | nindent 10 }}
          resources:
            {{- toYaml $v.resources | nindent 12 }}
          securityContext:
            {{- toYaml $root.Values.securityContext | nindent 12 }}
          volumeMounts:
            # The root filesystem is read-only; Node and its libraries may still want a /tmp.
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: 64Mi
{{- end -}}

{{/* Startup, liveness and readiness through grpc.health.v1 on `port` (the server as a whole). */}}
{{- define "modelgate.grpcProbes" -}}
startupProbe:
  grpc:
    port: {{ . }}
  periodSeconds: 5
  failureThreshold: 60
livenessProbe:
  grpc:
    port: {{ . }}
  periodSeconds: 10
  timeoutSeconds: 2
  failureThreshold: 3
readinessProbe:
  grpc:
    port: {{ . }}
  periodSeconds: 5
  timeoutSeconds: 2
  failureThreshold: 2
{{- end -}}

{{/* A PodDisruptionBudget for one component: (dict "root" $ "component" "relay" "values" …). */}}
{{- define "modelgate.pdb" -}}
{{- if .values.pdb.enabled }}
{{- $selector := dict "root" .root "component" .component }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "modelgate.fullname" .root }}-{{ .component }}
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "modelgate.componentLabels" $selector | nindent 4 }}
spec:
  maxUnavailable: {{ .values.pdb.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "modelgate.selectorLabels" $selector | nindent 6 }}
{{- end }}
{{- end -}}

{{/* A CPU HorizontalPodAutoscaler for one component, when its autoscaling is enabled. */}}
{{- define "modelgate.hpa" -}}
{{- if .values.autoscaling.enabled }}
{{- $selector := dict "root" .root "component" .component }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "modelgate.fullname" .root }}-{{ .component }}
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "modelgate.componentLabels" $selector | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "modelgate.fullname" .root }}-{{ .component }}
  minReplicas: {{ .values.autoscaling.minReplicas }}
  maxReplicas: {{ .values.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ .values.autoscaling.targetCPUUtilizationPercentage }}
{{- end }}
{{- end -}}

{{/* A ClusterIP (or other type) Service for one component; ports is a list of {name, port}. */}}
{{- define "modelgate.service" -}}
{{- $selector := dict "root" .root "component" .component }}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "modelgate.fullname" .root }}-{{ .component }}
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "modelgate.componentLabels" $selector | nindent 4 }}
  {{- with .annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  type: {{ default "ClusterIP" .type }}
  selector:
    {{- include "modelgate.selectorLabels" $selector | nindent 4 }}
  {{- $ports := .ports }}
  {{- if include "modelgate.servesMetrics" $selector }}
  {{- $ports = append $ports (dict "name" "metrics" "port" (.root.Values.metrics.port | int)) }}
  {{- end }}
  ports:
    {{- range $ports }}
    - name: {{ .name }}
      port: {{ .port }}
      targetPort: {{ .name }}
      protocol: TCP
      {{- if eq .name "grpc" }}
      appProtocol: grpc
      {{- end }}
    {{- end }}
{{- end -}}
