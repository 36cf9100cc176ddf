// The rendered chart against the services themselves: ports, probes, commands and environment
// variables must be those the images and the apps' configuration use, and the migration hooks must
// run before anything of the release exists. (Replaces the checks of the former plain manifests.)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderCase } from './chart-cases';
import { podTemplates, type PodTemplate } from './chart-policies';
import { type KubernetesObject, root } from './chart-toolchain';

const SERVICES = [
  { name: 'mcp-gateway', port: 8080, config: 'apps/mcp-gateway/src/config/gateway-config.ts' },
  { name: 'curation-api', port: 8081, config: 'apps/curation-api/src/config/curation-config.ts' },
  { name: 'term-bridge', port: 8082, config: 'apps/term-bridge/src/config/bridge-config.ts' },
];
const SHARED_CONFIG = 'libs/shared/service-kit/src/config/base-service-config.ts';
/** Set by the chart though no config class reads them: for the shell (HOME), for assembling DATABASE_URL, for scale-out. */
const CHART_ONLY_VARIABLES = ['HOME', 'DATABASE_PASSWORD', 'POD_IP'];

type Container = PodTemplate['spec']['containers'][number] & {
  image: string;
  args?: string[];
  env?: { name: string; value?: string }[];
  readinessProbe?: { httpGet?: { path: string; port: string } };
  livenessProbe?: { httpGet?: { path: string; port: string } };
  startupProbe?: { httpGet?: { path: string; port: string } };
};

function variablesRead(files: readonly string[]): Set<string> {
  const names = files.flatMap((file) => [
    ...readFileSync(join(root, file), 'utf8').matchAll(/\b([A-Z][A-Z0-9_]{2,})[?!]?(?::\s*\w| = )/g),
  ]);
  return new Set(names.map((match) => match[1] as string));
}

function pod(objects: KubernetesObject[], kind: string, name: string): PodTemplate {
  const found = podTemplates(objects).find(
    (candidate) => candidate.owner.kind === kind && candidate.owner.metadata.name === name,
  );
  if (found === undefined) throw new Error(`${kind}/${name} not rendered`);
  return found;
}

describe.each(SERVICES)('$name in the chart', ({ name, port, config }) => {
  const { objects } = renderCase('production');
  const deployment = pod(objects, 'Deployment', `mcp-platform-${name}`);
  const job = pod(objects, 'Job', `mcp-platform-${name}-migration`);
  const container = deployment.spec.containers[0] as Container;
  const environment = Object.fromEntries(
    (container.env ?? []).map((variable) => [variable.name, variable.value]),
  );
  const dockerfile = readFileSync(join(root, 'docker', `${name}.Dockerfile`), 'utf8');

  it('listens where the image and the service say', () => {
    expect(dockerfile).toContain(`EXPOSE ${port}`);
    expect(container.ports).toEqual([{ name: 'http', containerPort: port, protocol: 'TCP' }]);
    expect(environment['PORT']).toBe(String(port));
    expect(environment['HOST']).toBe('0.0.0.0');
  });

  it('probes liveness on /health and readiness on /ready', () => {
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(container.startupProbe?.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/ready', port: 'http' });
  });

  it('migrates in a hook Job with the same image and never from the replicas', () => {
    const migrate = job.spec.containers[0] as Container;
    expect(migrate.args).toEqual(['migrate']);
    expect(container.args).toEqual(['serve']);
    expect(migrate.image).toBe(container.image);
    expect(environment['DATABASE_RUN_MIGRATIONS']).toBe('false');
    expect(job.owner.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
  });

  it('gives in-flight requests time to drain before Kubernetes kills the pod', () => {
    const grace =
      Number((deployment.spec as Record<string, unknown>)['terminationGracePeriodSeconds']) * 1000;
    expect(grace).toBeGreaterThan(Number(environment['SHUTDOWN_GRACE_MS']));
  });

  it('sets only environment variables the service reads', () => {
    const known = variablesRead([config, SHARED_CONFIG]);
    const unknown = (container.env ?? [])
      .map((variable) => variable.name)
      .filter((variable) => !known.has(variable) && !CHART_ONLY_VARIABLES.includes(variable));
    expect(unknown).toEqual([]);
  });
});

it('runs exactly one terminal bridge, replaced rather than rolled: its tmux sessions live in one pod', () => {
  for (const name of ['minimal', 'production', 'bundled-postgres']) {
    const bridge = renderCase(name).objects.find(
      (object) => object.kind === 'Deployment' && object.metadata.name === 'mcp-platform-term-bridge',
    );
    expect(bridge?.['spec']).toMatchObject({ replicas: 1, strategy: { type: 'Recreate' } });
  }
  expect(
    renderCase('production')
      .objects.filter((object) => object.kind === 'HorizontalPodAutoscaler')
      .map((object) => object.metadata.name),
  ).toEqual(['mcp-platform-curation-api', 'mcp-platform-mcp-gateway']);
});

it('scales down slowly: every HPA waits at least 300 s before removing a replica', () => {
  const hpas = renderCase('production').objects.filter((object) => object.kind === 'HorizontalPodAutoscaler');
  for (const hpa of hpas) {
    const window = (hpa['spec'] as { behavior: { scaleDown: { stabilizationWindowSeconds: number } } })
      .behavior.scaleDown.stabilizationWindowSeconds;
    expect(window).toBeGreaterThanOrEqual(300);
  }
});

describe.each(['minimal', 'production', 'cert-manager', 'traefik', 'bundled-postgres'])(
  'migration hooks with ci/%s-values.yaml',
  (name) => {
    const { objects } = renderCase(name);
    const hooks = objects.filter((object) => object.metadata.annotations?.['helm.sh/hook'] !== undefined);
    const releaseObjects = objects.filter(
      (object) => object.metadata.annotations?.['helm.sh/hook'] === undefined,
    );

    it('refer, before install, to nothing the release itself creates', () => {
      const preInstall = hooks.filter((hook) =>
        hook.metadata.annotations?.['helm.sh/hook']?.split(',').includes('pre-install'),
      );
      for (const hook of preInstall) {
        const text = JSON.stringify(hook['spec']);
        const references = [
          ...text.matchAll(
            /"(secretKeyRef|secretRef|secret|configMapRef|configMapKeyRef|configMap)":\{"(?:name|secretName)":"([^"]+)"/g,
          ),
        ].map((match) => `${(match[1] as string).startsWith('secret') ? 'Secret' : 'ConfigMap'}/${match[2]}`);
        const serviceAccount = (hook['spec'] as { template: { spec: { serviceAccountName?: string } } })
          .template.spec.serviceAccountName;
        const created = new Set(releaseObjects.map((object) => `${object.kind}/${object.metadata.name}`));
        expect({
          hook: hook.metadata.name,
          references: references.filter((reference) => created.has(reference)),
        }).toEqual({ hook: hook.metadata.name, references: [] });
        expect(serviceAccount).toBeUndefined();
      }
      // With the bundled database (a release object) the install-time run waits until after install.
      const services = releaseObjects.filter((object) => object.kind === 'Deployment').length;
      expect(preInstall.length).toBe(name === 'bundled-postgres' ? 0 : services);
      expect(hooks.length).toBe(services);
    });
  },
);

it('keeps the committed values table of k8s/chart/README.md current with values.schema.json', () => {
  execFileSync(process.execPath, [join(root, 'tools', 'scripts', 'chart-readme.mjs'), '--check'], {
    stdio: 'pipe',
  });
});
