// The values files the chart is tested with (k8s/chart/ci/<case>-values.yaml), and the rendered
// release of each, rendered once per test file.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chartDirectory, type KubernetesObject, parseObjects, renderText } from './chart-toolchain';

export const CASES = readdirSync(join(chartDirectory, 'ci'))
  .filter((file) => file.endsWith('-values.yaml'))
  .map((file) => file.replace(/-values\.yaml$/, ''))
  .sort();

export function valuesFile(name: string): string {
  return join('ci', `${name}-values.yaml`);
}

/** The generated PostgreSQL password is random in `helm template` (no cluster to read it back from). */
export function withoutGeneratedValues(text: string): string {
  return text.replace(
    /(# Source: mcp-platform\/templates\/postgresql\.yaml\napiVersion: v1\nkind: Secret\n[\s\S]*?\ndata:\n {2}[\w.-]+: )"[^"\n]*"/,
    '$1"<generated>"',
  );
}

const rendered = new Map<string, { text: string; objects: KubernetesObject[] }>();

export function renderCase(name: string): { text: string; objects: KubernetesObject[] } {
  let result = rendered.get(name);
  if (result === undefined) {
    const text = withoutGeneratedValues(renderText([valuesFile(name)]));
    result = { text, objects: parseObjects(text) };
    rendered.set(name, result);
  }
  return result;
}

/** Names of the Secrets the chart itself creates (the generated PostgreSQL password). */
export const GENERATED_SECRETS = ['mcp-platform-postgresql'];
