// The middleware on a real listener, in front of Express 5 (what Nest runs on): what a
// client can and cannot achieve with identity headers, seen on the wire. Raw sockets send
// what fetch would refuse or merge: repeated headers, case variants, underscores, NUL.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import express from 'express';

import type { Principal } from '../principal';
import { SsoConfig } from './sso-config';
import { createSsoHeaderMiddleware, ssoPrincipalOf, type SsoHeaderOutcome } from './sso-header.middleware';

const SECRET = 'correct-horse-battery-staple-42';

interface Echo {
  principal: Principal | null;
  headers: Record<string, unknown>;
  rawHeaders: string[];
  headersDistinct: Record<string, string[] | undefined>;
  remoteUser: string | null;
}

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
}

async function startGateway(config: SsoConfig, host = '127.0.0.1') {
  const outcomes: SsoHeaderOutcome[] = [];
  const app = express();
  app.use(createSsoHeaderMiddleware(config, { onOutcome: (outcome) => outcomes.push(outcome) }));
  app.get('/whoami', (request, response) => {
    const echo: Echo = {
      principal: ssoPrincipalOf(request) ?? null,
      headers: request.headers,
      rawHeaders: request.rawHeaders,
      headersDistinct: { ...request.headersDistinct },
      remoteUser: request.get('Remote-User') ?? null,
    };
    response.json(echo);
  });
  const server: Server = app.listen(0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { server, port, outcomes };
}

/** Sends bytes exactly as given and reads the whole answer (the request asks to close). */
async function sendRaw(port: number, headerLines: string[]): Promise<RawResponse> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.end(
    ['GET /whoami HTTP/1.1', 'Host: gateway', 'Connection: close', ...headerLines, '', ''].join('\r\n'),
    'latin1',
  );
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n', 2);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Map(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

function expectNoIdentityHeaders(echo: Echo): void {
  const names = [
    ...Object.keys(echo.headers),
    ...Object.keys(echo.headersDistinct),
    ...echo.rawHeaders.filter((_, index) => index % 2 === 0),
  ];
  for (const name of names)
    expect(name.toLowerCase()).not.toMatch(/^(x-)?remote[-_]|^(sid|groupsid)$|^x[-_]proxy[-_]auth$/);
  expect(echo.remoteUser).toBeNull();
}

describe('SSO header middleware on a real listener', () => {
  describe('with a proxy secret and no source list', () => {
    let gateway: Awaited<ReturnType<typeof startGateway>>;
    let url: string;

    beforeAll(async () => {
      gateway = await startGateway(SsoConfig.create({ proxySecret: SECRET }));
      url = `http://127.0.0.1:${gateway.port}/whoami`;
    });

    afterAll(async () => {
      gateway.server.close();
      await once(gateway.server, 'close');
    });

    it('strips a forged administrator SID sent without the proof and carries on anonymously', async () => {
      const response = await fetch(url, {
        headers: {
          'Remote-User': 'mallory',
          'Remote-User-Sid': 'S-1-5-32-544',
          GroupSid: 'S-1-5-32-544',
          Sid: 'S-1-5-32-544',
        },
      });
      const echo = (await response.json()) as Echo;

      expect(response.status).toBe(200);
      expect(echo.principal).toBeNull();
      expectNoIdentityHeaders(echo);
      expect(gateway.outcomes.at(-1)).toEqual({
        kind: 'untrusted',
        reason: 'proof-missing',
        removedHeaders: expect.arrayContaining(['remote-user', 'remote-user-sid', 'groupsid', 'sid']),
      });
      expect(gateway.outcomes.at(-1)?.removedHeaders).toHaveLength(4);
    });

    it('strips everything, the wrong proof included, when the secret is wrong', async () => {
      const response = await fetch(url, {
        headers: {
          'X-Proxy-Auth': SECRET.replace(/.$/, '!'),
          'Remote-User': 'mallory',
          'Remote-Groups': 'admins',
        },
      });
      const echo = (await response.json()) as Echo;

      expect(echo.principal).toBeNull();
      expectNoIdentityHeaders(echo);
      expect(gateway.outcomes.at(-1)?.reason).toBe('proof-mismatch');
    });

    it('attaches the principal when the proof is right, and never passes the proof on', async () => {
      const response = await fetch(url, {
        headers: {
          'X-Proxy-Auth': SECRET,
          'Remote-User': 'alice',
          'Remote-Groups': 'media, admins',
          'Remote-User-Sid': 'S-1-5-21-1-2-3-1001',
        },
      });
      const echo = (await response.json()) as Echo;

      expect(echo.principal).toEqual({
        method: 'sso-header',
        username: 'alice',
        identitySource: 'sso',
        roles: [],
        groups: ['media', 'admins'],
        sids: ['S-1-5-21-1-2-3-1001'],
        userSid: 'S-1-5-21-1-2-3-1001',
        fullAdminClaim: false,
      });
      expect(echo.remoteUser).toBe('alice');
      expect(echo.headers).not.toHaveProperty('x-proxy-auth');
      expect(echo.rawHeaders.map((item) => item.toLowerCase())).not.toContain('x-proxy-auth');
    });

    it('accepts the proof even if the client padded it: HTTP trims surrounding whitespace before we see it', async () => {
      const response = await sendRaw(gateway.port, [`X-Proxy-Auth:   ${SECRET}  `, 'Remote-User: alice']);

      expect((JSON.parse(response.body) as Echo).principal?.username).toBe('alice');
    });

    it('answers 400 problem+json, naming the header, to a repeated Remote-User', async () => {
      const response = await sendRaw(gateway.port, [
        `X-Proxy-Auth: ${SECRET}`,
        'Remote-User: alice',
        'Remote-User: admin',
      ]);

      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(response.body)).toEqual({
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: expect.stringContaining('Remote-User'),
        code: 'sso.invalid-header',
      });
      expect(response.body).not.toContain('admin"');
    });

    it('treats case variants of a header as repeats', async () => {
      const response = await sendRaw(gateway.port, [
        `X-Proxy-Auth: ${SECRET}`,
        'Remote-User: alice',
        'remote-groups: media',
        'REMOTE-GROUPS: admins',
      ]);

      expect(response.status).toBe(400);
      expect((JSON.parse(response.body) as { detail: string }).detail).toContain('Remote-Groups');
    });

    it('answers 400 to an invalid SID from the proxy', async () => {
      const response = await sendRaw(gateway.port, [
        `X-Proxy-Auth: ${SECRET}`,
        'Remote-User: alice',
        'Remote-User-Sid: S-1-5-32-544,root',
      ]);

      expect(response.status).toBe(400);
      expect((JSON.parse(response.body) as { detail: string }).detail).toContain('Remote-User-Sid');
    });

    it('with the proof, reads only the configured headers and strips every other identity header', async () => {
      // A client's own copies that a proxy recipe for Remote-* passes through untouched.
      const forged = [
        'GroupSid: S-1-5-32-544',
        'Sid: S-1-5-32-544',
        'Group-Sid: S-1-5-32-544',
        'X-Remote-User: root',
        'X-Remote-Group: admins',
        'X-Forwarded-User: root',
        'X-Forwarded-Groups: admins',
        'X-Forwarded-Email: root@example.org',
        'X-Auth-Request-User: root',
        'X-WEBAUTH-USER: root',
        'Remote-Email: root@example.org',
        'Remote_Groups: admins',
      ];
      const response = await sendRaw(gateway.port, [
        `X-Proxy-Auth: ${SECRET}`,
        'Remote-User: alice',
        ...forged,
      ]);
      const echo = JSON.parse(response.body) as Echo;

      expect(echo.principal).toMatchObject({ username: 'alice', groups: [], sids: [] });
      const left = echo.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase());
      expect(left).toEqual(['host', 'connection', 'remote-user']);
      expect(Object.keys(echo.headers).sort()).toEqual(['connection', 'host', 'remote-user']);
    });

    it('strips repeated identity headers without the proof instead of reading them', async () => {
      const response = await sendRaw(gateway.port, [
        'Remote-User: mallory',
        'REMOTE-USER: admin',
        'Remote-User-Sid: S-1-5-32-544',
      ]);
      const echo = JSON.parse(response.body) as Echo;

      expect(response.status).toBe(200);
      expect(echo.principal).toBeNull();
      expectNoIdentityHeaders(echo);
    });

    it('ignores and removes underscore variants next to the real header', async () => {
      const response = await sendRaw(gateway.port, [
        `X-Proxy-Auth: ${SECRET}`,
        'Remote_User: mallory',
        'Remote-User: alice',
        'Remote_User_Sid: S-1-5-32-544',
        'X_Proxy_Auth: anything',
      ]);
      const echo = JSON.parse(response.body) as Echo;

      expect(echo.principal).toMatchObject({ username: 'alice', sids: [] });
      expect(Object.keys(echo.headers)).not.toEqual(expect.arrayContaining(['remote_user']));
      expect(echo.rawHeaders).not.toContain('Remote_User');
      expect(echo.rawHeaders).not.toContain('Remote_User_Sid');
      expect(echo.rawHeaders).not.toContain('X_Proxy_Auth');
    });

    it('decodes a UTF-8 user name sent by the proxy', async () => {
      const response = await sendRaw(gateway.port, [
        `X-Proxy-Auth: ${SECRET}`,
        Buffer.from('Remote-User: José', 'utf8').toString('latin1'),
      ]);

      expect((JSON.parse(response.body) as Echo).principal?.username).toBe('José');
    });

    it('leaves NUL in a header value to Node, which refuses the request before any handler', async () => {
      const response = await sendRaw(gateway.port, [`X-Proxy-Auth: ${SECRET}`, 'Remote-User: ali\u0000ce']);

      expect(response.status).toBe(400);
      expect(response.body).not.toContain('principal');
    });
  });

  describe('with Sid and GroupSid named in GATEWAY_SSO_HEADERS', () => {
    let gateway: Awaited<ReturnType<typeof startGateway>>;

    beforeAll(async () => {
      gateway = await startGateway(
        SsoConfig.create({
          proxySecret: SECRET,
          headers: 'Remote-User,Remote-Groups,Remote-User-Sid,Sid,GroupSid',
        }),
      );
    });

    afterAll(async () => {
      gateway.server.close();
      await once(gateway.server, 'close');
    });

    it('reads them from the proxy and keeps them on the request', async () => {
      const response = await sendRaw(gateway.port, [
        `X-Proxy-Auth: ${SECRET}`,
        'Remote-User: alice',
        'Sid: S-1-5-21-1-2-3-1001',
        'GroupSid: S-1-5-32-544, S-1-5-32-545',
        'X-Forwarded-Groups: admins',
      ]);
      const echo = JSON.parse(response.body) as Echo;

      expect(echo.principal?.sids).toEqual(['S-1-5-21-1-2-3-1001', 'S-1-5-32-544', 'S-1-5-32-545']);
      expect(Object.keys(echo.headers).sort()).toEqual([
        'connection',
        'groupsid',
        'host',
        'remote-user',
        'sid',
      ]);
    });

    it('answers 400 to an invalid GroupSid from the proxy', async () => {
      const response = await sendRaw(gateway.port, [
        `X-Proxy-Auth: ${SECRET}`,
        'Remote-User: alice',
        'GroupSid: S-1-5-32-544,root',
      ]);

      expect(response.status).toBe(400);
      expect((JSON.parse(response.body) as { detail: string }).detail).toContain('GroupSid');
    });
  });

  describe('with a source list', () => {
    it('strips the headers when the right proof comes from outside the list', async () => {
      const gateway = await startGateway(
        SsoConfig.create({ proxySecret: SECRET, trustedProxies: '10.0.0.0/8' }),
      );
      try {
        const response = await fetch(`http://127.0.0.1:${gateway.port}/whoami`, {
          headers: { 'X-Proxy-Auth': SECRET, 'Remote-User': 'alice' },
        });
        const echo = (await response.json()) as Echo;

        expect(echo.principal).toBeNull();
        expectNoIdentityHeaders(echo);
        expect(gateway.outcomes.at(-1)?.reason).toBe('source-not-allowed');
      } finally {
        gateway.server.close();
      }
    });

    it('matches an IPv4 range against the IPv4-mapped address of a dual-stack listener', async () => {
      const gateway = await startGateway(
        SsoConfig.create({ proxySecret: SECRET, trustedProxies: '127.0.0.0/8' }),
        '::',
      );
      try {
        const response = await fetch(`http://127.0.0.1:${gateway.port}/whoami`, {
          headers: { 'X-Proxy-Auth': SECRET, 'Remote-User': 'alice' },
        });
        const echo = (await response.json()) as Echo;

        expect(echo.principal?.username).toBe('alice');
      } finally {
        gateway.server.close();
      }
    });
  });
});
