// Every check of the chart tests, shown to fail on a deliberately broken input: a check that
// cannot fail proves nothing. Also the values contract: values.schema.json rejects unknown keys
// and wrong types, and the chart refuses to render without the Secrets it needs.
import { renderCase, valuesFile } from './chart-cases';
import * as policies from './chart-policies';
import { helm, type KubernetesObject, templateArguments } from './chart-toolchain';
import { validateObject } from './kubernetes-schema';

type Mutable = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test surgery on parsed YAML

/** A deep copy of the production render, changed by `breakIt`. */
function broken(breakIt: (objects: Mutable[]) => void): KubernetesObject[] {
  const objects = structuredClone(renderCase('production').objects) as Mutable[];
  breakIt(objects);
  return objects as KubernetesObject[];
}

function find(objects: Mutable[], kind: string, name = 'mcp-platform-mcp-gateway'): Mutable {
  const found = objects.find((object) => object['kind'] === kind && object['metadata'].name === name);
  if (found === undefined) throw new Error(`${kind}/${name} not rendered`);
  return found;
}

function gatewayContainer(objects: Mutable[]): Mutable {
  return find(objects, 'Deployment')['spec'].template.spec.containers[0];
}

function templateFails(sets: readonly string[], values = 'minimal'): string {
  const result = helm(templateArguments([valuesFile(values)], sets));
  expect(result.status).not.toBe(0);
  return result.output;
}

describe('the Kubernetes schema check', () => {
  it.each([
    [
      'a misspelt spec field',
      (objects: Mutable[]) => (find(objects, 'Deployment')['spec'].replicass = 2),
      /replicass: unknown field/,
    ],
    [
      'a misspelt container field',
      (objects: Mutable[]) => (gatewayContainer(objects)['imagePullPolicyy'] = 'Always'),
      /imagePullPolicyy: unknown field/,
    ],
    [
      'a misspelt metadata field',
      (objects: Mutable[]) => (find(objects, 'Service')['metadata'].label = {}),
      /metadata\/label: unknown field/,
    ],
    [
      'a string for an integer',
      (objects: Mutable[]) => (find(objects, 'Deployment')['spec'].revisionHistoryLimit = 'two'),
      /revisionHistoryLimit: expected an integer/,
    ],
    [
      'a missing required field',
      (objects: Mutable[]) => delete gatewayContainer(objects)['ports'][0].containerPort,
      /containerPort is required/,
    ],
    [
      'a map where a list belongs',
      (objects: Mutable[]) => (gatewayContainer(objects)['env'] = { PORT: '8080' }),
      /env: expected an array/,
    ],
  ])('rejects %s', (_case, breakIt, message) => {
    const objects = broken(breakIt);
    const errors = objects.flatMap((object) => validateObject(object));
    expect(errors.join('\n')).toMatch(message);
  });

  it('rejects a kind the API does not have', () => {
    expect(validateObject({ apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'x' } })).toEqual([
      'Deploymnet: no apps/v1 Deploymnet in the API',
    ]);
  });
});

describe('the policy checks', () => {
  it.each([
    [
      'a writable root filesystem',
      (objects: Mutable[]) => (gatewayContainer(objects)['securityContext'].readOnlyRootFilesystem = false),
      /writable root filesystem/,
    ],
    [
      'privilege escalation',
      (objects: Mutable[]) => delete gatewayContainer(objects)['securityContext'].allowPrivilegeEscalation,
      /privilege escalation allowed/,
    ],
    [
      'root',
      (objects: Mutable[]) => {
        delete gatewayContainer(objects)['securityContext'].runAsNonRoot;
        delete find(objects, 'Deployment')['spec'].template.spec.securityContext.runAsNonRoot;
      },
      /may run as root/,
    ],
    [
      'kept capabilities',
      (objects: Mutable[]) => (gatewayContainer(objects)['securityContext'].capabilities.drop = ['NET_RAW']),
      /capabilities not all dropped/,
    ],
    [
      'no memory limit',
      (objects: Mutable[]) => delete gatewayContainer(objects)['resources'].limits,
      /no memory limit/,
    ],
    [
      'a missing readiness probe',
      (objects: Mutable[]) => delete gatewayContainer(objects)['readinessProbe'],
      /no readinessProbe/,
    ],
    [
      'a missing startup probe',
      (objects: Mutable[]) => delete gatewayContainer(objects)['startupProbe'],
      /no startupProbe/,
    ],
    [
      'a hostPath volume',
      (objects: Mutable[]) =>
        find(objects, 'Deployment')['spec'].template.spec.volumes.push({
          name: 'sock',
          hostPath: { path: '/tmp/tmux-1000' },
        }),
      /mounts a hostPath/,
    ],
    [
      'a mounted token',
      (objects: Mutable[]) =>
        (find(objects, 'Job', 'mcp-platform-mcp-gateway-migration')[
          'spec'
        ].template.spec.automountServiceAccountToken = true),
      /mounts a service account token/,
    ],
  ])('flag %s', (_case, breakIt, message) => {
    expect(policies.hardeningViolations(broken(breakIt)).join('\n')).toMatch(message);
  });

  it.each([
    [
      'a Secret with data',
      (objects: Mutable[]) =>
        objects.push({
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: 'mcp-platform-keys' },
          stringData: { TERM_BRIDGE_API_KEY: 'x' },
        }),
      /a Secret with values/,
    ],
    [
      'a key as a plain env value',
      (objects: Mutable[]) =>
        gatewayContainer(objects)['env'].push({ name: 'GATEWAY_BOOTSTRAP_ADMIN_KEY', value: 'mcp-adm-x' }),
      /GATEWAY_BOOTSTRAP_ADMIN_KEY: a credential as a plain value/,
    ],
    [
      'a database URL with its password',
      (objects: Mutable[]) =>
        gatewayContainer(objects)['env'].push({
          name: 'DATABASE_URL',
          value: 'postgres://platform:hunter2@db:5432/platform',
        }),
      /DATABASE_URL: a URL with a password/,
    ],
    [
      'a secret in a ConfigMap',
      (objects: Mutable[]) =>
        (find(objects, 'ConfigMap', 'mcp-platform-mcp-gateway-servers')['data']['servers.yaml'] +=
          '  - { id: x, url: "https://u:pw@x.example/mcp", type: http }\n'),
      /a URL with a password/,
    ],
  ])('flag %s', (_case, breakIt, message) => {
    expect(policies.plainSecretViolations(broken(breakIt)).join('\n')).toMatch(message);
  });

  it('flags a Service whose selector matches no pods', () => {
    const objects = broken(
      (all) => (find(all, 'Service')['spec'].selector['app.kubernetes.io/component'] = 'mcp-gatway'),
    );
    expect(policies.serviceViolations(objects)).toEqual([
      'Service/mcp-platform-mcp-gateway: selects no Deployment or StatefulSet',
    ]);
  });

  it('flags a Service whose target port no container has', () => {
    const objects = broken((all) => (find(all, 'Service')['spec'].ports[0].targetPort = 'https'));
    expect(policies.serviceViolations(objects)).toEqual([
      'Service/mcp-platform-mcp-gateway: target port https is no container port',
    ]);
  });

  it('flags an Ingress backend that is no Service, or a port it lacks', () => {
    const missing = broken(
      (all) =>
        (find(all, 'Ingress', 'mcp-platform')['spec'].rules[0].http.paths[0].backend.service.name =
          'mcp-platform-curation'),
    );
    expect(policies.ingressViolations(missing).join('\n')).toMatch(
      /backend mcp-platform-curation is no Service/,
    );
    const port = broken(
      (all) =>
        (find(all, 'Ingress', 'mcp-platform')['spec'].rules[0].http.paths[0].backend.service.port = {
          number: 8081,
        }),
    );
    expect(policies.ingressViolations(port).join('\n')).toMatch(/has no port \{"number":8081\}/);
  });

  it('flags a NetworkPolicy that selects no pod, selects the whole namespace, or names a missing peer', () => {
    const none = broken(
      (all) =>
        (find(all, 'NetworkPolicy')['spec'].podSelector.matchLabels['app.kubernetes.io/component'] =
          'gateway'),
    );
    expect(policies.networkPolicyViolations(none)).toEqual([
      'NetworkPolicy/mcp-platform-mcp-gateway: selects no pod of the release',
    ]);
    const everything = broken((all) => (find(all, 'NetworkPolicy')['spec'].podSelector = {}));
    expect(policies.networkPolicyViolations(everything).join('\n')).toMatch(
      /selects every pod of the namespace/,
    );
    const peer = broken(
      (all) =>
        (find(all, 'NetworkPolicy', 'mcp-platform-term-bridge')[
          'spec'
        ].ingress[0].from[1].podSelector.matchLabels['app.kubernetes.io/component'] = 'gateway'),
    );
    expect(policies.networkPolicyViolations(peer)).toEqual([
      'NetworkPolicy/mcp-platform-term-bridge: a peer selects no pod of the release',
    ]);
  });
});

describe('the values contract', () => {
  it('rejects an unknown key, at the top and nested', () => {
    expect(templateFails(['replicaCount=2'])).toMatch(/additional properties 'replicaCount' not allowed/);
    expect(templateFails(['mcpGateway.replicass=2'])).toMatch(
      /at '\/mcpGateway': additional properties 'replicass' not allowed/,
    );
    expect(templateFails(['ingress.tls.certmanager.issuer=x'])).toMatch(
      /additional properties 'certmanager' not allowed/,
    );
  });

  it('rejects a wrong type or an out-of-range value', () => {
    expect(templateFails(['mcpGateway.replicaCount=abc'])).toMatch(
      /at '\/mcpGateway\/replicaCount': got string, want integer/,
    );
    expect(templateFails(['mcpGateway.autoscaling.scaleDownStabilizationSeconds=60'])).toMatch(
      /scaleDownStabilizationSeconds'?: minimum: got 60, want 300/,
    );
    expect(templateFails(['ingress.controller=haproxy'])).toMatch(/ingress\/controller/);
  });

  it('refuses to render without the Secrets a service cannot start without', () => {
    expect(templateFails(['database.existingSecret='])).toMatch(/database.existingSecret is required/);
    expect(templateFails(['curationApi.secrets.secretKey.existingSecret='])).toMatch(/CURATION_SECRET_KEY/);
    expect(templateFails(['termBridge.secrets.apiKey.existingSecret='])).toMatch(/TERM_BRIDGE_API_KEY/);
    // Replicas without a shared secret could not serve each other's sessions.
    expect(templateFails(['mcpGateway.secrets.replicaSecret.existingSecret='])).toMatch(
      /GATEWAY_REPLICA_SECRET/,
    );
    expect(
      templateFails([
        'mcpGateway.secrets.replicaSecret.existingSecret=',
        'mcpGateway.autoscaling.enabled=true',
        'mcpGateway.replicaCount=1',
      ]),
    ).toMatch(/GATEWAY_REPLICA_SECRET/);
    expect(templateFails(['ingress.tls.enabled=true'])).toMatch(
      /ingress.tls.enabled needs ingress.tls.secretName/,
    );
  });
});
