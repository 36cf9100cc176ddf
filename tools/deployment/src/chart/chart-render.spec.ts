// The chart, linted and rendered offline over every values file in k8s/chart/ci/: the output
// matches the golden files, every object is valid Kubernetes 1.33 with no unknown field, and the
// release passes the policy checks. WRITE_CHART_GOLDEN=1 rewrites the golden files.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASES, GENERATED_SECRETS, renderCase, valuesFile } from './chart-cases';
import {
  hardeningViolations,
  ingressViolations,
  networkPolicyViolations,
  plainSecretViolations,
  serviceViolations,
} from './chart-policies';
import { chartDirectory, helm, KUBERNETES_VERSION } from './chart-toolchain';
import { openApiVersion, validateObject } from './kubernetes-schema';

const goldenDirectory = join(chartDirectory, 'golden');

it('validates against the API version the chart targets', () => {
  expect(openApiVersion()).toBe(`v${KUBERNETES_VERSION}`);
  expect(CASES).toEqual(['bundled-postgres', 'cert-manager', 'minimal', 'production', 'traefik']);
});

describe.each(CASES)('chart with ci/%s-values.yaml', (name) => {
  it('passes helm lint --strict', () => {
    const result = helm([
      'lint',
      '--strict',
      '.',
      '--kube-version',
      KUBERNETES_VERSION,
      '--values',
      valuesFile(name),
    ]);
    expect(result.output).not.toMatch(/\[(WARNING|ERROR)\]/);
    expect(result.status).toBe(0);
  });

  it('renders what the golden file holds', () => {
    const { text } = renderCase(name);
    const golden = join(goldenDirectory, `${name}.yaml`);
    if (process.env['WRITE_CHART_GOLDEN'] === '1') {
      mkdirSync(goldenDirectory, { recursive: true });
      writeFileSync(golden, text);
    }
    expect(existsSync(golden)).toBe(true);
    expect(text).toBe(readFileSync(golden, 'utf8'));
  });

  it('renders only valid Kubernetes objects, without unknown fields', () => {
    const { objects } = renderCase(name);
    expect(objects.length).toBeGreaterThan(10);
    expect(
      objects.flatMap((object) =>
        validateObject(object).map((error) => `${object.kind}/${object.metadata.name} ${error}`),
      ),
    ).toEqual([]);
  });

  it('runs every container hardened, with limits and (for services) probes', () => {
    expect(hardeningViolations(renderCase(name).objects)).toEqual([]);
  });

  it('holds no secret in plain text', () => {
    expect(plainSecretViolations(renderCase(name).objects, GENERATED_SECRETS)).toEqual([]);
  });

  it('routes every Service to pods and every Ingress backend to a Service port', () => {
    const { objects } = renderCase(name);
    expect(serviceViolations(objects)).toEqual([]);
    expect(ingressViolations(objects)).toEqual([]);
  });

  it('has NetworkPolicies that select pods of the release', () => {
    expect(networkPolicyViolations(renderCase(name).objects)).toEqual([]);
  });
});
