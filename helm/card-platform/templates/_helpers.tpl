{{- define "card-platform.labels" -}}
app.kubernetes.io/part-of: card-platform
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/instance: {{ .Release.Name }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "card-platform.secretName" -}}
{{- required "secrets.existingSecret is required: create a Secret with DATABASE_URL, ADMIN_TOKEN, MASTER_KEY, CARD_DATA_KEY, CARD_FINGERPRINT_KEY and CSRF_KEY" .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "card-platform.image" -}}
{{- printf "%s/%s:%s" .root.Values.image.registry .app .root.Values.image.tag -}}
{{- end -}}

{{/* Hardened container settings shared by every workload. */}}
{{- define "card-platform.containerSecurity" -}}
securityContext:
  runAsNonRoot: true
  runAsUser: 1000
  allowPrivilegeEscalation: false
  readOnlyRootFilesystem: true
  capabilities:
    drop: [ALL]
{{- end -}}

{{- define "card-platform.podSecurity" -}}
securityContext:
  runAsNonRoot: true
  runAsUser: 1000
  fsGroup: 1000
  seccompProfile:
    type: RuntimeDefault
{{- end -}}
