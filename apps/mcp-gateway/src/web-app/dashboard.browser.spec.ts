// The administrator dashboard as an administrator uses it, in a real browser (Chromium) against the
// real gateway and a real MCP backend (server-everything over Streamable HTTP): sign in with the
// administrator key; watch a backend's state follow it down and back up; create a key whose secret
// is shown once; add an allow policy; run tools and search_tools from the test bench as that key;
// see why a call is refused; every page fits a phone and a desktop and passes an accessibility scan.
import { rmSync } from 'node:fs';
import { type EverythingServer, startEverythingServer } from '@platform/testing-mcp-faults';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { ConnectionManager } from '../backends/connections/connection-manager.service';
import { EVERYTHING_STDIO_COMMAND } from '../testing/reference-servers';
import { type GatewayHarness, startGatewayHarness } from '../testing/gateway-harness.spec-helpers';
import { buildDashboard, checkLayout, launchChromium, newContext, screenshot } from './browser.spec-helpers';

const KEY_PATTERN = /^mcp-[a-z0-9-]+$/;
const PROXY_SECRET = 'dashboard-proxy-secret-0123456789';
/** What a forward-auth proxy in front of the gateway adds to every request of a signed-in person. */
const proxyHeaders = (user: string, groupSids: string) => ({
  'X-Proxy-Auth': PROXY_SECRET,
  'Remote-User': user,
  GroupSid: groupSids,
});

describe('the gateway dashboard in a browser', () => {
  let webDir: string;
  let everything: EverythingServer;
  let gateway: GatewayHarness;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    webDir = buildDashboard();
    everything = await startEverythingServer('streamableHttp');
    gateway = await startGatewayHarness(
      `servers:
  - { id: everything, displayName: Everything, url: "${everything.endpoint}", type: streamable, category: demo }
  - { id: later, displayName: Later, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }
`,
      {
        WEB_APP_DIR: webDir,
        GATEWAY_SSO_PROXY_SECRET: PROXY_SECRET,
        GATEWAY_SSO_HEADERS: 'Remote-User,Remote-Groups,GroupSid',
        GATEWAY_BACKEND_RECONNECT_SECONDS: '1',
        GATEWAY_BACKEND_RECONNECT_MAX_SECONDS: '1',
        GATEWAY_BACKEND_HEALTH_SECONDS: '1',
      },
    );
    browser = await launchChromium();
    page = await (await newContext(browser)).newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await everything?.stop();
    rmSync(webDir, { recursive: true, force: true });
  });

  const admin = () => ({ Authorization: `Bearer ${gateway.adminKey}` });
  const go = async (name: string) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
  };

  async function signIn(target: Page, key: string): Promise<void> {
    await target.getByLabel('Administrator key').fill(key);
    await target.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Creates a key on the Keys page with these scopes and returns its secret from the dialog, still open. */
  async function createKey(name: string, scopes: { server?: string; tool?: string }): Promise<string> {
    await go('Keys');
    await page.getByLabel('Name').fill(name);
    if (scopes.server !== undefined) await page.getByLabel('Server').selectOption(`server:${scopes.server}`);
    if (scopes.tool !== undefined) {
      await page.getByLabel('One tool').fill(scopes.tool);
      await page.getByRole('button', { name: 'Add tool' }).click();
    }
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-key').innerText()).trim();
    expect(secret).toMatch(KEY_PATTERN);
    return secret;
  }

  it('serves the page at /ui/ only, and no server can be named ui', async () => {
    await request(gateway.service.server).get('/ui').expect(308).expect('Location', '/ui/');
    const html = await request(gateway.service.server).get('/ui/keys').set('Accept', 'text/html').expect(200);
    expect(html.headers['content-security-policy']).toContain("script-src 'self'");
    // The MCP endpoints and the API are untouched by the mount.
    await request(gateway.service.server).get('/api/me').set('Accept', 'text/html').expect(401);
    const refused = await request(gateway.service.server)
      .post('/api/servers')
      .set(admin())
      .send({ id: 'ui', type: 'streamable', url: 'http://example.com/mcp' })
      .expect(400);
    expect(refused.body.detail).toMatch(/^id: "ui" is reserved by the gateway \(.*\bui\)$/);
  });

  it('signs in with the administrator key, kept for the tab only', async () => {
    await page.goto(`${gateway.base}/ui/`);
    await screenshot(page, 'sign-in');
    await signIn(page, 'mcp-adm-not-a-real-key');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await signIn(page, gateway.adminKey);
    await page.getByRole('heading', { level: 1, name: 'Servers' }).waitFor();
    expect(await page.evaluate('window.localStorage.length')).toBe(0);
    expect((await page.context().cookies()).length).toBe(0);
    // A reload keeps the tab signed in; another tab (a new profile here) is not.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Servers' }).waitFor();
    const other = await (await newContext(browser)).newPage();
    await other.goto(`${gateway.base}/ui/`);
    await other.getByLabel('Administrator key').waitFor();
    await other.context().close();
  });

  it('signs an administrator in through the SSO proxy with no key, and turns others away', async () => {
    const administrator = await browser.newContext({
      extraHTTPHeaders: proxyHeaders('alice', 'S-1-5-32-544'),
    });
    const aliceView = await administrator.newPage();
    await aliceView.goto(`${gateway.base}/ui/keys`);
    await aliceView.getByRole('heading', { level: 1, name: 'Keys' }).waitFor();
    expect(await aliceView.getByRole('banner').innerText()).toContain('alice (sso)');
    // No key to forget, so no sign-out: the proxy owns the session.
    expect(await aliceView.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    await administrator.close();
    const other = await browser.newContext({ extraHTTPHeaders: proxyHeaders('bob', 'S-1-5-21-1-2-3-513') });
    const bobView = await other.newPage();
    await bobView.goto(`${gateway.base}/ui/`);
    await bobView.getByText('You are signed in as bob, who is not an administrator').waitFor();
    expect(await bobView.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await other.close();
  });

  it("shows a backend's state and why, following it down and back up", async () => {
    const card = page.getByTestId('server-everything');
    await card.getByTestId('server-state').getByText('Connected').waitFor();
    expect(await card.innerText()).toContain('demo');
    // The counts are the backend's own lists.
    const client = await gateway.service.app.get(ConnectionManager).clientFor('everything');
    const [tools, prompts] = await Promise.all([client.listTools(), client.listPrompts()]);
    await card
      .getByTestId('server-counts')
      .getByText(
        new RegExp(`^${tools.tools.length} tools · ${prompts.prompts.length} prompts · \\d+ resources$`),
      )
      .waitFor();
    // Looking never starts an idle stdio server: its counts wait until it is connected.
    const later = page.getByTestId('server-later');
    await later.getByText('counted once it is connected').waitFor();
    const counts = await request(gateway.service.server).get('/api/catalog/counts').set(admin()).expect(200);
    expect(counts.body).toContainEqual({
      serverId: 'later',
      tools: null,
      prompts: null,
      resources: null,
      resourceTemplates: null,
    });
    expect(await later.getByTestId('server-state').innerText()).toMatch(/^Disconnected/);
    expect(await later.innerText()).toContain('idle, starts on first use');
    await screenshot(page, 'servers');
    await everything.stop();
    await card
      .getByTestId('server-state')
      .getByText(/Retrying|Failed/)
      .waitFor();
    expect((await card.locator('.server-why').innerText()).length).toBeGreaterThan(0);
    await screenshot(page, 'servers-backend-down');
    everything = await startEverythingServer('streamableHttp', { port: everything.port });
    await card.getByTestId('server-state').getByText('Connected').waitFor();
    // A file server is changed in the file: no edit, enable or disable here.
    expect(await card.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Disable' }).count()).toBe(0);
  });

  it('adds an allow policy', async () => {
    await go('Access');
    await page.getByLabel('Target').fill('server:everything');
    await page.getByLabel('Group', { exact: true }).fill('McpClient');
    await page.getByRole('button', { name: 'Add policy' }).click();
    await page.getByTestId('policy-row').filter({ hasText: 'server:everything' }).waitFor();
    const policies = await request(gateway.service.server).get('/api/policies').set(admin()).expect(200);
    expect(policies.body).toEqual([
      expect.objectContaining({ targetId: 'server:everything', requiredGroup: 'McpClient', isAllowed: 1 }),
    ]);
    await screenshot(page, 'access');
  });

  it('creates a key whose secret is shown once, with client snippets, and never again', async () => {
    const secret = await createKey('ci pipeline', { server: 'everything' });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('VS Code (.vscode/mcp.json)').click();
    expect(await dialog.innerText()).toContain(`"Authorization": "Bearer ${secret}"`);
    await screenshot(page, 'key-created');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('key-row').filter({ hasText: 'ci pipeline' }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await page.getByTestId('key-row').filter({ hasText: 'ci pipeline' }).waitFor();
    expect(await page.content()).not.toContain(secret);
    // The key works as created: the allow policy and its scope let it list the backend's tools.
    const listed = await gateway.postJson('/mcp', secret, { id: 1, method: 'tools/list' });
    expect(JSON.stringify(listed.body)).toContain('everything__echo');
    await screenshot(page, 'keys');
  });

  it('rotates a key (the old secret stops working) and revokes one', async () => {
    const before = await createKey('to rotate', { server: 'everything' });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const row = page.getByTestId('key-row').filter({ hasText: 'to rotate' });
    page.once('dialog', (confirmation) => void confirmation.accept());
    await row.getByRole('button', { name: 'Rotate' }).click();
    const after = (await page.getByTestId('new-key').innerText()).trim();
    expect(after).toMatch(KEY_PATTERN);
    expect(after).not.toBe(before);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const tools = { id: 1, method: 'tools/list' };
    expect((await gateway.postJson('/mcp', before, tools)).status).toBe(401);
    expect((await gateway.postJson('/mcp', after, tools)).status).toBe(200);
    page.once('dialog', (confirmation) => void confirmation.accept());
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await gateway.postJson('/mcp', after, tools)).status).toBe(401);
  });

  it('creates a machine client, and sets the key quotas that users are then held to', async () => {
    await go('Keys');
    await page.getByRole('button', { name: 'Machine client' }).click();
    await page.getByLabel('Name').fill('deploy bot');
    await page.getByLabel('Server').selectOption('server:everything');
    await page.getByRole('button', { name: 'Create key' }).click();
    expect((await page.getByTestId('new-key').innerText()).trim()).toMatch(KEY_PATTERN);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const row = page.getByTestId('key-row').filter({ hasText: 'deploy bot' });
    await row.getByText('client', { exact: true }).waitFor();
    const clients = await request(gateway.service.server).get('/api/clients').set(admin()).expect(200);
    expect(clients.body).toEqual([expect.objectContaining({ name: 'deploy bot', kind: 'client' })]);

    const active = (await request(gateway.service.server).get('/api/appkeys/limits').set(admin()).expect(200))
      .body.globalCount as number;
    await page.getByLabel('Keys in total').fill(String(active));
    await page.getByLabel('Keys per user').fill('50');
    await page.getByRole('button', { name: 'Save quotas' }).click();
    await page.getByTestId('quota-usage').getByText(`of ${active} allowed`).waitFor();
    const settings = await request(gateway.service.server).get('/api/settings').set(admin()).expect(200);
    expect(settings.body).toMatchObject({ globalMaxKeys: active, userMaxKeys: 50 });
    await screenshot(page, 'keys-quotas');
    // The quota is full: a user's next key is refused (administrators are not held to quotas).
    const refused = await request(gateway.service.server)
      .post('/api/appkeys')
      .set(proxyHeaders('bob', 'S-1-5-21-1-2-3-513'))
      .send({ name: 'one too many', scopes: ['server:everything'] })
      .expect(400);
    expect(refused.body.detail).toBe(`The gateway allows at most ${active} active keys.`);
    await page.getByLabel('Keys in total').fill('0');
    await page.getByRole('button', { name: 'Save quotas' }).click();
    await page.getByTestId('quota-usage').getByText('active keys in total; per user at most 50').waitFor();
  });

  it('runs tools from the test bench as a new key, from the form', async () => {
    await createKey('bench', { server: 'everything' });
    await page.getByRole('button', { name: 'Try it on the test bench' }).click();
    await page.getByRole('heading', { level: 1, name: 'Test bench' }).waitFor();
    await page.getByLabel(/^Tool/).fill('everything__echo');
    await page.getByLabel('message').fill('hello from the bench');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByTestId('bench-result').getByText('Echo: hello from the bench').waitFor();
    await page.getByLabel(/^Tool/).fill('everything__get-sum');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText('a: required').waitFor();
    // The accessible name carries the required marker.
    await page.getByLabel(/^a( \*)?$/).fill('2');
    await page.getByLabel(/^b( \*)?$/).fill('3.5');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByTestId('bench-result').getByText('The sum of 2 and 3.5 is 5.5.').waitFor();
    await screenshot(page, 'bench-tool');
  });

  it('searches tools with ranked results and scores, and runs one', async () => {
    await page.getByLabel('What the agent needs').fill('echo a message back');
    await page.getByRole('button', { name: 'Search' }).click();
    const first = page.getByTestId('search-hit').first();
    await first.waitFor();
    expect(await first.locator('code').innerText()).toBe('everything__echo');
    const score = Number(await first.locator('.score').innerText());
    expect(score).toBeGreaterThan(0);
    await screenshot(page, 'bench-search');
    await first.getByRole('button', { name: 'Try everything__echo' }).click();
    expect(await page.getByLabel(/^Tool/).inputValue()).toBe('everything__echo');
  });

  it("reads a resource, renders a prompt and reads a backend's log from the bench, as the same key", async () => {
    const uri = await page.locator('#bench-resources option').first().getAttribute('value');
    expect(uri).toMatch(/^mcp:\/\/everything\//);
    await page.getByLabel(/^Resource URI/).fill(uri ?? '');
    await page.getByRole('button', { name: 'Read', exact: true }).click();
    const reading = page.getByTestId('resource-result');
    await reading.waitFor();
    expect(await reading.innerText()).toContain(uri ?? '?');
    expect((await reading.locator('pre').first().innerText()).length).toBeGreaterThan(0);
    await page.getByLabel(/^Prompt/).selectOption('everything__args-prompt');
    await page.getByLabel(/^city/).fill('Lisbon');
    await page.getByRole('button', { name: 'Render' }).click();
    await page.getByTestId('prompt-message').getByText("What's weather in Lisbon?").waitFor();
    expect(await page.getByTestId('prompt-message').first().locator('.badge').innerText()).toBe('user');
    await screenshot(page, 'bench-resource-prompt');
    // A backend's own log (status, last error, stderr, the gateway's lines about it) from its card.
    await go('Servers');
    await page.getByTestId('server-everything').getByRole('button', { name: 'Log of everything' }).click();
    await page.getByRole('heading', { level: 1, name: 'Test bench' }).waitFor();
    expect(await page.getByLabel(/^Resource URI/).inputValue()).toBe('logs://everything/recent');
    await page.getByRole('button', { name: 'Read', exact: true }).click();
    const log = page.getByTestId('resource-result');
    await log.getByText('"serverId": "everything"').waitFor();
    expect(await log.innerText()).toContain('"status": "Connected"');
  });

  it('explains a refusal: the layer that refused and the scope that would pass', async () => {
    await createKey('echo only', { tool: 'everything__echo' });
    await page.getByRole('button', { name: 'Try it on the test bench' }).click();
    await page.getByLabel(/^Tool/).fill('everything__get-sum');
    await page.getByText('is not in this caller').waitFor();
    await page.getByLabel('Arguments (JSON object)').fill('{"a": 1, "b": 2}');
    await page.getByRole('button', { name: 'Run' }).click();
    const explanation = page.getByTestId('denial-explanation');
    await explanation.waitFor();
    const text = await explanation.innerText();
    expect(text).toMatch(/Layer\s+scope/);
    expect(text).toContain('tool:everything__get-sum');
    await screenshot(page, 'bench-denial');
  });

  it("explains any principal's decision layer by layer: a key, a person, an administrator", async () => {
    await go('Access');
    const section = page.getByRole('region', { name: 'Explain a decision' });
    // A label around a select is named with the chosen option too: "Key ci pipeline (…)".
    const keySelect = section.getByLabel(/^Key/);
    const echoOnly = await keySelect.locator('option', { hasText: 'echo only' }).getAttribute('value');
    await keySelect.selectOption(echoOnly ?? '');
    await section.getByLabel(/^Server/).selectOption('everything');
    await section.getByLabel('What').selectOption('tool');
    await section.getByLabel('Name').fill('get-sum');
    await section.getByRole('button', { name: 'Explain' }).click();
    const result = section.getByTestId('explain-result');
    await result.getByText('Denied', { exact: true }).waitFor();
    const layer = (name: string) => result.locator(`[data-layer="${name}"]`);
    expect(await layer('scope').locator('.badge').innerText()).toBe('deny');
    expect(await layer('rbac').locator('.badge').innerText()).toBe('not-reached');
    expect(await result.innerText()).toContain(
      "User does not have permission to execute tool 'everything__get-sum'",
    );
    await screenshot(page, 'access-explain-key');
    // A person: no policy allows anything to people here, so RBAC's default deny decides.
    await section.getByRole('button', { name: 'A person' }).click();
    await section.getByLabel('User').fill('dana');
    await section.getByLabel('Groups (comma-separated)').fill('devs, ops');
    await section.getByLabel('Name').fill('echo');
    await section.getByRole('button', { name: 'Explain' }).click();
    await result.locator('p', { hasText: 'for dana' }).waitFor();
    expect(await layer('groups').innerText()).toContain('devs, ops');
    expect(await layer('scope').locator('.badge').innerText()).toBe('skip');
    expect(await layer('rbac').locator('.badge').innerText()).toBe('deny');
    expect(await layer('rbac').innerText()).toContain('server:everything');
    // The same person holding the administrator group SID is let through by the bypass.
    await section.getByLabel('SIDs (comma-separated)').fill('S-1-5-32-544');
    await section.getByRole('button', { name: 'Explain' }).click();
    await result.getByText('Allowed', { exact: true }).waitFor();
    expect(await layer('admin-bypass').locator('.badge').innerText()).toBe('allow');
    await screenshot(page, 'access-explain-person');
  });

  it('shows the audit log newest first, filtered, and follows new events without a reload', async () => {
    await go('Audit');
    await page
      .getByTestId('audit-row')
      .filter({ hasText: 'mcp.invocation' })
      .filter({ hasText: 'everything' })
      .first()
      .waitFor();
    await page.getByLabel('Kind').fill('authentication.failed');
    await page.getByLabel('Kind').press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: /events match/ })
      .waitFor();
    const before = await page.getByTestId('audit-row').count();
    const texts = await page.getByTestId('audit-row').allInnerTexts();
    expect(texts.every((text) => text.includes('authentication.failed'))).toBe(true);
    // A refused sign-in elsewhere shows up here by itself.
    await request(gateway.service.server)
      .get('/api/me')
      .set('Authorization', 'Bearer mcp-not-a-key')
      .expect(401);
    await page.getByTestId('audit-row').nth(before).waitFor();
    await screenshot(page, 'audit');
  });

  it.each([375, 1440])(
    'fits every page at %i px and passes the accessibility scan',
    async (width) => {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await newContext(browser, { width, colorScheme: scheme });
        const view = await context.newPage();
        await view.goto(`${gateway.base}/ui/`);
        const report: Record<string, unknown> = { signIn: await checkLayout(view) };
        await signIn(view, gateway.adminKey);
        await view.getByRole('navigation', { name: 'Main' }).waitFor();
        for (const [name, path] of [
          ['Servers', '/ui/'],
          ['Keys', '/ui/keys'],
          ['Access', '/ui/access'],
          ['Test bench', '/ui/bench'],
          ['Audit', '/ui/audit'],
        ] as const) {
          await view.goto(`${gateway.base}${path}`);
          await view.getByRole('heading', { level: 1, name }).waitFor();
          await view.waitForLoadState('networkidle');
          report[name] = await checkLayout(view);
          await screenshot(view, `${name.toLowerCase().replace(' ', '-')}-${width}-${scheme}`);
        }
        const clean = { horizontalOverflow: 0, seriousViolations: [] };
        expect(report).toEqual({
          signIn: clean,
          Servers: clean,
          Keys: clean,
          Access: clean,
          'Test bench': clean,
          Audit: clean,
        });
        await context.close();
      }
    },
    // Six pages in two schemes, each with an axe scan: longer than the default on a busy machine.
    180_000,
  );
});
