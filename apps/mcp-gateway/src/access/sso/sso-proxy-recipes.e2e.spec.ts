// The README's reverse-proxy recipes, run as written in front of a real gateway: nginx for real
// (Debian's nginx-light; CI installs it, and the test fails there without it), and Traefik through
// a stand-in that applies the recipe's middlewares with Traefik's semantics, since no Traefik
// binary can run here. A client adds its own copy of every header the gateway can read, and more;
// whatever the gateway is configured to read, only the auth server's answer may decide who it is.
import type { OutgoingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestService, type TestService } from '@platform/testing-service';
import { gatewayForTests } from '../../gateway.test-definition';
import {
  startForwardAuthServer,
  SESSION_COOKIE,
  type ForwardAuthServer,
} from './testing/forward-auth.server';
import { findNginx, startNginx, type ProxyAnswer } from './testing/nginx.process';
import { fillRecipe, readmeRecipe, type RecipeName } from './testing/readme-recipe';
import { startTraefikStandIn } from './testing/traefik-recipe.proxy';

const SECRET = 'recipe-test-secret-0123456789abcdef';
const ADMIN_SID = 'S-1-5-32-544';
const ALL_HEADERS = 'Remote-User,Remote-Groups,Remote-User-Sid,Sid,GroupSid';

/** What the auth server answers per session cookie; `bypass` is a rule that lets anyone through. */
const SESSIONS = {
  alice: {
    'Remote-User': 'alice',
    'Remote-Groups': 'devs',
    'Remote-Email': 'alice@example.org',
    'Remote-Name': 'Alice',
  },
  root: {
    'Remote-User': 'root',
    'Remote-Groups': 'ops',
    'Remote-User-Sid': 'S-1-5-21-1-2-3-500',
    GroupSid: ADMIN_SID,
  },
  bypass: {},
};

/** A client's own copies of every header the gateway can read, repeated and respelled, and others'. */
const FORGED = [
  ...['Remote-User', 'mallory', 'remote-user', 'root', 'Remote_User', 'root'],
  ...['Remote-Groups', 'admins', 'Remote-User-Sid', ADMIN_SID, 'Sid', ADMIN_SID],
  ...['GroupSid', ADMIN_SID, 'groupsid', `${ADMIN_SID},S-1-5-32-545`, 'Group_Sid', ADMIN_SID],
  ...[
    'X-Proxy-Auth',
    'guess',
    'X-Forwarded-User',
    'root',
    'X-Forwarded-Groups',
    'admins',
    'X-Remote-Group',
    'admins',
  ],
];

/** A flat header list replaces Node's own Host header, so it names the recipe's host itself. */
const HOST = ['Host', 'mcp.example.internal'];

interface Me {
  username: string;
  groups: string[];
  sids: string[];
  isAdministrator: boolean;
}

type Send = (headers: string[]) => Promise<ProxyAnswer>;

interface RunningProxy {
  readonly send: Send;
  stop(): Promise<void>;
}

type ProxyStarter = (recipe: string) => Promise<RunningProxy>;

const nginxBinary = findNginx();
const inCi = process.env['CI'] === 'true';

const PROXIES: ReadonlyArray<{ name: string; recipe: RecipeName; start?: ProxyStarter; missing?: string }> = [
  {
    name: 'nginx',
    recipe: 'nginx-sso',
    ...(nginxBinary === undefined
      ? { missing: 'nginx is not installed (apt-get install nginx-light)' }
      : {
          start: async (recipe: string) => {
            const nginx = await startNginx(nginxBinary, recipe);
            return {
              send: (headers) => nginx.request('GET', '/api/me', [...HOST, ...headers]),
              stop: () => nginx.stop(),
            };
          },
        }),
  },
  {
    name: 'Traefik (stand-in applying the recipe)',
    recipe: 'traefik-sso',
    start: async (recipe: string) => {
      const traefik = await startTraefikStandIn(recipe);
      return {
        send: (headers) => get(`${traefik.origin}/api/me`, [...HOST, ...headers]),
        stop: () => traefik.close(),
      };
    },
  },
];

const CONFIGURATIONS: ReadonlyArray<{
  label: string;
  environment: Record<string, string>;
  readsGroupSid: boolean;
}> = [
  { label: 'default headers (Remote-*)', environment: {}, readsGroupSid: false },
  {
    label: `GATEWAY_SSO_HEADERS=${ALL_HEADERS}`,
    environment: { GATEWAY_SSO_HEADERS: ALL_HEADERS },
    readsGroupSid: true,
  },
];

describe.each(PROXIES)('the README $name recipe', ({ recipe, start, missing }) => {
  if (start === undefined) {
    if (!inCi) {
      it.skip(`skipped: ${missing}`, () => undefined);
      return;
    }
    it(`cannot run in CI: ${missing}`, () => {
      throw new Error(`The proxy recipe test needs it in CI: ${missing}. .ci/run installs it.`);
    });
    return;
  }

  let auth: ForwardAuthServer;

  beforeAll(async () => {
    auth = await startForwardAuthServer(SESSIONS);
  });

  afterAll(async () => {
    await auth.close();
  });

  describe.each(CONFIGURATIONS)('in front of a gateway with $label', ({ environment, readsGroupSid }) => {
    let gateway: TestService;
    let proxy: RunningProxy;

    beforeAll(async () => {
      const { definition } = gatewayForTests();
      gateway = await startTestService(definition, {
        GATEWAY_SSO_PROXY_SECRET: SECRET,
        LOG_LEVEL: 'error',
        ...environment,
      });
      await gateway.app.listen(0, '127.0.0.1');
      const gatewayOrigin = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
      proxy = await start(
        fillRecipe(readmeRecipe(recipe), {
          'http://authelia:9091': auth.origin,
          'http://mcp-gateway:8080': gatewayOrigin,
          'paste-GATEWAY_SSO_PROXY_SECRET-here': SECRET,
        }),
      );
    });

    afterAll(async () => {
      await proxy?.stop();
      await gateway?.close();
    });

    const signedIn = (session: keyof typeof SESSIONS): string[] => ['Cookie', `${SESSION_COOKIE}=${session}`];

    it('signs a user in as the auth server says, whatever headers the client adds', async () => {
      const answer = await proxy.send([...signedIn('alice'), ...FORGED]);

      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body) as Me).toMatchObject({
        username: 'alice',
        groups: ['devs'],
        sids: [],
        isAdministrator: false,
      });
    });

    it('lets nothing of the client through when the auth server passes a request without an identity', async () => {
      const answer = await proxy.send([...signedIn('bypass'), ...FORGED]);

      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'authentication.required' });
    });

    it('answers with the auth server when it refuses, without reaching the gateway', async () => {
      const answer = await proxy.send(FORGED);

      expect(answer.status).toBe(401);
      expect(answer.body).not.toContain('authentication.required');
    });

    it('never shows the proxy secret to the auth server', () => {
      expect(auth.requests.length).toBeGreaterThan(0);
      for (const { headers } of auth.requests) expect(JSON.stringify(headers)).not.toContain(SECRET);
    });

    it(`takes the administrator SID from the auth server ${readsGroupSid ? 'in GroupSid' : 'only when GroupSid is read'}`, async () => {
      const answer = await proxy.send([...signedIn('root'), ...FORGED]);
      const me = JSON.parse(answer.body) as Me;

      expect(me).toMatchObject({ username: 'root', groups: ['ops'], isAdministrator: readsGroupSid });
      expect(me.sids).toEqual(readsGroupSid ? ['S-1-5-21-1-2-3-500', ADMIN_SID] : ['S-1-5-21-1-2-3-500']);
    });
  });
});

/** A GET with exactly these header lines (repeats included), like a hostile client sends them. */
function get(url: string, headers: string[]): Promise<ProxyAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers: headers as unknown as OutgoingHttpHeaders }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
