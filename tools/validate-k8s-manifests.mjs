// Validates Kubernetes manifests against the API schemas shipped in the npm packages
// kubernetes-models (the core API) and @kubernetes-models/prometheus-operator (ServiceMonitor,
// PrometheusRule). ESM only, hence a script of its own: reads a JSON array of manifests on
// stdin, prints one line per problem, exits 1 when there is any.
import * as core from 'kubernetes-models/v1';
import * as apps from 'kubernetes-models/apps/v1';
import * as batch from 'kubernetes-models/batch/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as monitoring from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';

const MODELS = {
  v1: core,
  'apps/v1': apps,
  'batch/v1': batch,
  'autoscaling/v2': autoscaling,
  'networking.k8s.io/v1': networking,
  'policy/v1': policy,
  'monitoring.coreos.com/v1': monitoring,
};

let input = '';
for await (const chunk of process.stdin) input += chunk;
const problems = [];
for (const manifest of JSON.parse(input)) {
  const where = `${manifest.apiVersion} ${manifest.kind} ${manifest.metadata?.name}`;
  const Model = MODELS[manifest.apiVersion]?.[manifest.kind];
  if (!Model) {
    problems.push(`${where}: no schema for this apiVersion and kind`);
    continue;
  }
  try {
    new Model(manifest).validate();
  } catch (error) {
    problems.push(`${where}: ${error.message}`);
  }
}
for (const problem of problems) process.stdout.write(`${problem}\n`);
process.exit(problems.length > 0 ? 1 : 0);
