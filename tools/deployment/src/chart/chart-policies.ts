// Policy checks over a rendered release: what a reviewer would otherwise check by eye. Each returns
// the violations it found (empty when the release complies), so a test can show a broken render
// failing as plainly as a good one passing.
import type { KubernetesObject } from './chart-toolchain';

type Labels = Record<string, string>;
interface Probe {
  httpGet?: { path: string; port: string | number };
  exec?: { command: string[] };
}
interface Container {
  name: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  resources?: { limits?: Record<string, string>; requests?: Record<string, string> };
  securityContext?: {
    runAsNonRoot?: boolean;
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    privileged?: boolean;
    capabilities?: { drop?: string[]; add?: string[] };
    seccompProfile?: { type: string };
  };
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
}
export interface PodTemplate {
  owner: KubernetesObject;
  labels: Labels;
  spec: {
    containers: Container[];
    initContainers?: Container[];
    securityContext?: { runAsNonRoot?: boolean; seccompProfile?: { type: string } };
    hostNetwork?: boolean;
    hostPID?: boolean;
    hostIPC?: boolean;
    volumes?: { name: string; hostPath?: unknown }[];
    automountServiceAccountToken?: boolean;
  };
}

const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'Job']);
const LONG_RUNNING = new Set(['Deployment', 'StatefulSet']);

export function podTemplates(objects: readonly KubernetesObject[]): PodTemplate[] {
  return objects
    .filter((object) => WORKLOADS.has(object.kind))
    .map((object) => {
      const template = (object['spec'] as { template: { metadata?: { labels?: Labels }; spec: never } })
        .template;
      return { owner: object, labels: template.metadata?.labels ?? {}, spec: template.spec };
    });
}

function nameOf(object: KubernetesObject): string {
  return `${object.kind}/${object.metadata.name}`;
}

function matches(selector: Labels | undefined, labels: Labels): boolean {
  return Object.entries(selector ?? {}).every(([key, value]) => labels[key] === value);
}

/** Every container: limits, non-root, read-only root, no privilege escalation, no capabilities, probes. */
export function hardeningViolations(objects: readonly KubernetesObject[]): string[] {
  const violations: string[] = [];
  for (const pod of podTemplates(objects)) {
    const owner = nameOf(pod.owner);
    const podContext = pod.spec.securityContext ?? {};
    if (pod.spec.hostNetwork || pod.spec.hostPID || pod.spec.hostIPC)
      violations.push(`${owner}: shares a host namespace`);
    if ((pod.spec.volumes ?? []).some((volume) => volume.hostPath !== undefined))
      violations.push(`${owner}: mounts a hostPath`);
    if (pod.spec.automountServiceAccountToken !== false)
      violations.push(`${owner}: mounts a service account token`);
    for (const container of [...pod.spec.containers, ...(pod.spec.initContainers ?? [])]) {
      const where = `${owner} container ${container.name}`;
      const context = container.securityContext ?? {};
      if (context.runAsNonRoot !== true && podContext.runAsNonRoot !== true)
        violations.push(`${where}: may run as root`);
      if ((context.seccompProfile ?? podContext.seccompProfile)?.type !== 'RuntimeDefault')
        violations.push(`${where}: no RuntimeDefault seccomp profile`);
      if (context.readOnlyRootFilesystem !== true) violations.push(`${where}: writable root filesystem`);
      if (context.allowPrivilegeEscalation !== false)
        violations.push(`${where}: privilege escalation allowed`);
      if (context.privileged === true) violations.push(`${where}: privileged`);
      if (!(context.capabilities?.drop ?? []).includes('ALL'))
        violations.push(`${where}: capabilities not all dropped`);
      if ((context.capabilities?.add ?? []).length > 0) violations.push(`${where}: adds capabilities`);
      if (container.resources?.limits?.['memory'] === undefined) violations.push(`${where}: no memory limit`);
      if (container.resources?.requests?.['cpu'] === undefined) violations.push(`${where}: no CPU request`);
      if (LONG_RUNNING.has(pod.owner.kind)) {
        for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const) {
          if (container[probe] === undefined) violations.push(`${where}: no ${probe}`);
        }
      }
    }
  }
  return violations;
}

/** Names that say "this is a credential". */
const SECRET_NAME = /(KEY|SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIALS?)$/i;
/** A URL with a password inline (a reference such as `$(DATABASE_PASSWORD)` is fine). */
const URL_WITH_PASSWORD = /:\/\/[^/\s:@]+:(?!\$\()[^@\s]+@/;

/**
 * No secret in plain text: Secret objects only where `allowed` (generated ones the chart must
 * create), no credential-named or password-bearing env values, and ConfigMaps free of either.
 */
export function plainSecretViolations(
  objects: readonly KubernetesObject[],
  allowed: readonly string[] = [],
): string[] {
  const violations: string[] = [];
  for (const object of objects) {
    if (object.kind === 'Secret' && !allowed.includes(object.metadata.name)) {
      if (object['data'] !== undefined || object['stringData'] !== undefined)
        violations.push(`${nameOf(object)}: a Secret with values in the chart`);
    }
    if (object.kind === 'ConfigMap') {
      for (const [key, value] of Object.entries((object['data'] ?? {}) as Record<string, string>)) {
        if (SECRET_NAME.test(key)) violations.push(`${nameOf(object)}: key ${key} looks like a credential`);
        if (URL_WITH_PASSWORD.test(value))
          violations.push(`${nameOf(object)}: ${key} holds a URL with a password`);
        if (/^\s*(password|token|apiKey|secret)\s*:/im.test(value))
          violations.push(`${nameOf(object)}: ${key} holds a credential field`);
      }
    }
  }
  for (const pod of podTemplates(objects)) {
    for (const container of pod.spec.containers) {
      for (const variable of container.env ?? []) {
        if (variable.value === undefined) continue;
        const where = `${nameOf(pod.owner)} container ${container.name} env ${variable.name}`;
        if (SECRET_NAME.test(variable.name)) violations.push(`${where}: a credential as a plain value`);
        if (URL_WITH_PASSWORD.test(variable.value)) violations.push(`${where}: a URL with a password`);
      }
    }
  }
  return violations;
}

/** Every Service selects the pods of a Deployment or StatefulSet, and its target ports exist there. */
export function serviceViolations(objects: readonly KubernetesObject[]): string[] {
  const violations: string[] = [];
  const pods = podTemplates(objects).filter((pod) => LONG_RUNNING.has(pod.owner.kind));
  for (const service of objects.filter((object) => object.kind === 'Service')) {
    const spec = service['spec'] as {
      selector?: Labels;
      ports: { targetPort?: string | number; port: number }[];
    };
    if (spec.selector === undefined || Object.keys(spec.selector).length === 0) {
      violations.push(`${nameOf(service)}: no selector`);
      continue;
    }
    const selected = pods.filter((pod) => matches(spec.selector, pod.labels));
    if (selected.length === 0) {
      violations.push(`${nameOf(service)}: selects no Deployment or StatefulSet`);
      continue;
    }
    for (const port of spec.ports) {
      const target = port.targetPort ?? port.port;
      const found = selected.some((pod) =>
        pod.spec.containers.some((container) =>
          (container.ports ?? []).some((candidate) =>
            typeof target === 'number' ? candidate.containerPort === target : candidate.name === target,
          ),
        ),
      );
      if (!found) violations.push(`${nameOf(service)}: target port ${target} is no container port`);
    }
  }
  return violations;
}

/** Every Ingress backend names a Service of the release and one of its ports. */
export function ingressViolations(objects: readonly KubernetesObject[]): string[] {
  const violations: string[] = [];
  const services = new Map(
    objects
      .filter((object) => object.kind === 'Service')
      .map((service) => [
        service.metadata.name,
        (service['spec'] as { ports: { name?: string; port: number }[] }).ports,
      ]),
  );
  for (const ingress of objects.filter((object) => object.kind === 'Ingress')) {
    const spec = ingress['spec'] as {
      rules?: {
        http?: {
          paths: { backend: { service?: { name: string; port: { number?: number; name?: string } } } }[];
        };
      }[];
    };
    for (const rule of spec.rules ?? []) {
      for (const path of rule.http?.paths ?? []) {
        const backend = path.backend.service;
        if (backend === undefined) {
          violations.push(`${nameOf(ingress)}: a path without a service backend`);
          continue;
        }
        const ports = services.get(backend.name);
        if (ports === undefined) violations.push(`${nameOf(ingress)}: backend ${backend.name} is no Service`);
        else if (
          !ports.some(
            (port) =>
              port.port === backend.port.number ||
              (backend.port.name !== undefined && port.name === backend.port.name),
          )
        )
          violations.push(`${nameOf(ingress)}: ${backend.name} has no port ${JSON.stringify(backend.port)}`);
      }
    }
  }
  return violations;
}

interface Peer {
  podSelector?: { matchLabels?: Labels };
  namespaceSelector?: unknown;
  ipBlock?: unknown;
}

/** Every NetworkPolicy selects pods of the release, and so does every same-namespace pod peer. */
export function networkPolicyViolations(objects: readonly KubernetesObject[]): string[] {
  const violations: string[] = [];
  const pods = podTemplates(objects);
  const selectsSome = (labels: Labels | undefined) => pods.some((pod) => matches(labels, pod.labels));
  for (const policy of objects.filter((object) => object.kind === 'NetworkPolicy')) {
    const spec = policy['spec'] as {
      podSelector: { matchLabels?: Labels };
      ingress?: { from?: Peer[] }[];
      egress?: { to?: Peer[] }[];
    };
    if (Object.keys(spec.podSelector.matchLabels ?? {}).length === 0)
      violations.push(`${nameOf(policy)}: selects every pod of the namespace, not the release's`);
    else if (!selectsSome(spec.podSelector.matchLabels))
      violations.push(`${nameOf(policy)}: selects no pod of the release`);
    const peers = [
      ...(spec.ingress ?? []).flatMap((rule) => rule.from ?? []),
      ...(spec.egress ?? []).flatMap((rule) => rule.to ?? []),
    ];
    for (const peer of peers) {
      if (
        peer.podSelector !== undefined &&
        peer.namespaceSelector === undefined &&
        !selectsSome(peer.podSelector.matchLabels)
      )
        violations.push(`${nameOf(policy)}: a peer selects no pod of the release`);
    }
  }
  return violations;
}
