{{- define "card-platform.labels" -}}
app.kubernetes.io/part-of: card-platform
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/instance: {{ .Release.Name }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "card-platform.secretName" -}}
{{- required "secrets.existingSecret is required: create a Secret with DATABASE_URL (the owner URL, for the migration Job only), <SCHEMA>_DATABASE_PASSWORD of each service, ADMIN_TOKEN, MASTER_KEY, CARD_DATA_KEY, CARD_FINGERPRINT_KEY, CSRF_KEY, PANEL_KEY, MAIL_SMTP_URL and CONSOLE_KEY" .Values.secrets.existingSecret -}}
{{- end -}}

{{/* The database's address for the apps: no credentials, TLS as postgres.sslmode says. */}}
{{- define "card-platform.databaseUrl" -}}
{{- $pg := .Values.postgres -}}
{{- $url := printf "postgresql://%s:%v/%s?sslmode=%s" $pg.host $pg.port $pg.database $pg.sslmode -}}
{{- if $pg.caSecret.name -}}{{- $url = printf "%s&sslrootcert=/etc/platform/postgres/ca.crt" $url -}}{{- end -}}
{{- $url -}}
{{- end -}}

{{/* The Secret key holding one service's database password: its own Secret when given, else <SCHEMA>_DATABASE_PASSWORD of the shared one. */}}
{{- define "card-platform.databasePasswordRef" -}}
{{- $ref := (.app.database | default dict).passwordSecret | default dict -}}
name: {{ $ref.name | default (include "card-platform.secretName" .root) }}
key: {{ $ref.key | default (printf "%s_DATABASE_PASSWORD" (upper .app.schema)) }}
{{- end -}}

{{/* The CA of postgres.caSecret, mounted where DATABASE_URL's sslrootcert points. */}}
{{- define "card-platform.postgresCaVolume" -}}
{{- if .Values.postgres.caSecret.name }}
- name: postgres-ca
  secret:
    secretName: {{ .Values.postgres.caSecret.name }}
    items:
      - key: {{ .Values.postgres.caSecret.key }}
        path: ca.crt
{{- end }}
{{- end -}}

{{- define "card-platform.postgresCaMount" -}}
{{- if .Values.postgres.caSecret.name }}
- name: postgres-ca
  mountPath: /etc/platform/postgres
  readOnly: true
{{- end }}
{{- end -}}

{{/* An app's image: pinned by digest when image.digests names one, by tag otherwise. */}}
{{- define "card-platform.image" -}}
{{- $digest := index (.root.Values.image.digests | default dict) .app -}}
{{- if $digest -}}
{{- printf "%s/%s@%s" .root.Values.image.registry .app $digest -}}
{{- else -}}
{{- printf "%s/%s:%s" .root.Values.image.registry .app .root.Values.image.tag -}}
{{- end -}}
{{- end -}}

{{/* Where pods may run and how they pull: shared by the apps and the Jobs. */}}
{{- define "card-platform.podPlacement" -}}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* An app's autoscaling: the chart's defaults with the app's own overrides. */}}
{{- define "card-platform.autoscaling" -}}
{{- $own := .app.autoscaling | default dict -}}
{{- $merged := merge (deepCopy $own) (deepCopy .root.Values.autoscaling) -}}
{{- /* merge takes a false of the app's for "unset": an app's own enabled wins explicitly. */ -}}
{{- if hasKey $own "enabled" }}{{- $_ := set $merged "enabled" $own.enabled }}{{- end }}
{{- toYaml $merged -}}
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


{{/* Kafka TLS and SASL settings shared by the apps (ConfigMap) and the topics Job (env). */}}
{{- define "card-platform.kafkaSettings" -}}
KAFKA_SSL: {{ .Values.kafka.tls.enabled | quote }}
{{- if .Values.kafka.tls.caSecret.name }}
KAFKA_SSL_CA_FILE: /etc/platform/kafka-ca/ca.crt
{{- end }}
{{- if .Values.kafka.tls.clientCertSecret }}
KAFKA_SSL_CERT_FILE: /etc/platform/kafka-client/tls.crt
KAFKA_SSL_KEY_FILE: /etc/platform/kafka-client/tls.key
{{- end }}
KAFKA_SASL_MECHANISM: {{ .Values.kafka.sasl.mechanism | quote }}
{{- end -}}

{{/* One principal's SASL credentials from the Secret: <PRINCIPAL>_KAFKA_USERNAME / _PASSWORD. */}}
{{- define "card-platform.kafkaCredentials" -}}
{{- if ne .root.Values.kafka.sasl.mechanism "none" }}
- name: KAFKA_SASL_USERNAME
  valueFrom:
    secretKeyRef:
      name: {{ include "card-platform.secretName" .root }}
      key: {{ printf "%s_KAFKA_USERNAME" .principal }}
- name: KAFKA_SASL_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "card-platform.secretName" .root }}
      key: {{ printf "%s_KAFKA_PASSWORD" .principal }}
{{- end }}
{{- end -}}

{{- define "card-platform.kafkaTlsVolumes" -}}
{{- if .Values.kafka.tls.caSecret.name }}
- name: kafka-ca
  secret:
    secretName: {{ .Values.kafka.tls.caSecret.name }}
    items:
      - key: {{ .Values.kafka.tls.caSecret.key }}
        path: ca.crt
{{- end }}
{{- if .Values.kafka.tls.clientCertSecret }}
- name: kafka-client
  secret:
    secretName: {{ .Values.kafka.tls.clientCertSecret }}
{{- end }}
{{- end -}}

{{- define "card-platform.kafkaTlsMounts" -}}
{{- if .Values.kafka.tls.caSecret.name }}
- name: kafka-ca
  mountPath: /etc/platform/kafka-ca
  readOnly: true
{{- end }}
{{- if .Values.kafka.tls.clientCertSecret }}
- name: kafka-client
  mountPath: /etc/platform/kafka-client
  readOnly: true
{{- end }}
{{- end -}}

{{/* Egress rules of one workload: DNS always, then what it needs. */}}
{{- define "card-platform.egress" -}}
- to:
    {{- toYaml .np.dns | nindent 4 }}
  ports:
    - { protocol: UDP, port: 53 }
    - { protocol: TCP, port: 53 }
{{- range $service := list "postgres" "kafka" "redis" "smtp" }}
{{- if index $ $service }}
{{- $peer := index $.np $service }}
- to:
    {{- toYaml $peer.to | nindent 4 }}
  ports:
    {{- range $port := $peer.ports }}
    - { protocol: TCP, port: {{ $port }} }
    {{- end }}
{{- end }}
{{- end }}
{{- if .internet }}
- to:
    - ipBlock:
        cidr: 0.0.0.0/0
        except:
          {{- toYaml .np.internetExcept | nindent 10 }}
  ports:
    - { protocol: TCP, port: 443 }
{{- end }}
{{- end -}}
