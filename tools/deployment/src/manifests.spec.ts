// Checks the deployment artefacts against each other and against the services: the
// Kubernetes manifests (k8s/) and the Dockerfiles (docker/) must agree on ports, commands,
// probes and hardening, or a cluster deployment fails in ways no unit test would show.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { workspaceRoot } from './workspace-root';

/** The workspace root: the nearest folder above the working directory that has nx.json. */
const root = workspaceRoot();
const SERVICES = [
  { name: 'mcp-gateway', port: 8080 },
  { name: 'curation-api', port: 8081 },
  { name: 'term-bridge', port: 8082 },
];

type Manifest = {
  kind: string;
  metadata: { name: string; namespace?: string };
  spec: Record<string, unknown>;
};
type Container = {
  image: string;
  args?: string[];
  ports?: { name: string; containerPort: number }[];
  env?: { name: string; value: string }[];
  readinessProbe?: { httpGet: { path: string; port: string } };
  livenessProbe?: { httpGet: { path: string; port: string } };
  securityContext: {
    allowPrivilegeEscalation: boolean;
    readOnlyRootFilesystem: boolean;
    capabilities: { drop: string[] };
  };
};

function manifestsOf(name: string): Manifest[] {
  const documents = parseAllDocuments(readFileSync(join(root, 'k8s', `${name}.yaml`), 'utf8'));
  for (const document of documents) expect(document.errors).toEqual([]);
  return documents.map((document) => document.toJS() as Manifest);
}

function podOf(
  manifest: Manifest | undefined,
): { containers: Container[]; securityContext: Record<string, unknown> } & Record<string, unknown> {
  const template = (manifest?.spec['template'] as { spec: never } | undefined)?.spec;
  if (template === undefined) throw new Error(`${manifest?.kind} has no pod template`);
  return template;
}

describe.each(SERVICES)('deployment of $name', ({ name, port }) => {
  const manifests = manifestsOf(name);
  const byKind = (kind: string) => manifests.find((manifest) => manifest.kind === kind);
  const deployment = podOf(byKind('Deployment'));
  const container = deployment.containers[0] as Container;
  const env = Object.fromEntries((container.env ?? []).map((variable) => [variable.name, variable.value]));
  const dockerfile = readFileSync(join(root, 'docker', `${name}.Dockerfile`), 'utf8');

  it('has a migration Job, a Deployment, a Service and an Ingress in the namespace', () => {
    expect(manifests.map((manifest) => manifest.kind)).toEqual(['Job', 'Deployment', 'Service', 'Ingress']);
    expect(manifests.every((manifest) => manifest.metadata.namespace === 'mcp-platform')).toBe(true);
  });

  it('listens where the image and the service say', () => {
    expect(dockerfile).toContain(`EXPOSE ${port}`);
    expect(dockerfile).toMatch(new RegExp(`PORT=${port}\\b`));
    expect(container.ports).toEqual([{ name: 'http', containerPort: port }]);
    expect(env['PORT']).toBe(String(port));
    expect(env['HOST']).toBe('0.0.0.0');
    const service = byKind('Service')?.spec as { ports: { targetPort: string }[] };
    expect(service.ports[0]?.targetPort).toBe('http');
    const ingress = JSON.stringify(byKind('Ingress')?.spec);
    expect(ingress).toContain(`"name":"${name}"`);
  });

  it('migrates in a Job and never from the replicas', () => {
    const job = podOf(byKind('Job')).containers[0] as Container;
    expect(job.args).toEqual(['migrate']);
    expect(job.image).toBe(container.image);
    expect(env['DATABASE_RUN_MIGRATIONS']).toBe('false');
    expect(dockerfile).toContain('"main.js"');
  });

  it('probes liveness on /health and readiness on /ready', () => {
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/ready', port: 'http' });
    expect(dockerfile).toContain('/health');
  });

  it('runs hardened: non-root, read-only root, no privilege escalation, no capabilities', () => {
    expect(deployment.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(container.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('gives in-flight requests time to drain before Kubernetes kills the pod', () => {
    const grace = Number(deployment['terminationGracePeriodSeconds']) * 1000;
    expect(grace).toBeGreaterThan(Number(env['SHUTDOWN_GRACE_MS']));
  });
});

it('runs exactly one terminal bridge: its tmux sessions live in one pod', () => {
  const deployment = manifestsOf('term-bridge').find((manifest) => manifest.kind === 'Deployment');
  expect(deployment?.spec['replicas']).toBe(1);
});
