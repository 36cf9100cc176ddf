// Deny by default (docs/decisions/025): every route the bridge answers, with who may call it. A
// new route fails this test until it declares its rule and the table below names it. The bridge
// has one role, `client`: whoever holds its key (or, without one, a local caller).
import { afterAll } from '@jest/globals';
import { TmuxTestServer } from '@platform/testing-bridge';
import {
  OPENAPI_DOCS_ROUTES,
  routeAccessTable,
  SERVICE_KIT_ROUTES,
  startTestService,
  type TestService,
  UNDECLARED,
} from '@platform/testing-service';
import { BRIDGE_SERVICE } from './term-bridge.module';

const CLIENT = 'roles: client';

const EXPECTED: Record<string, string> = {
  ...SERVICE_KIT_ROUTES,
  ...OPENAPI_DOCS_ROUTES,
  'POST /v1/chat/completions': CLIENT,
  'GET /v1/models': CLIENT,
  'GET /v1/models/:id': CLIENT,
  'ALL /mcp': CLIENT,
  'POST /mcp/messages': CLIENT,
  'GET /taps': CLIENT,
};

const tmux = TmuxTestServer.create('route-access');
afterAll(() => tmux.kill());

describe('route access of the terminal bridge', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(BRIDGE_SERVICE, {
      TERM_BRIDGE_API_KEY: 'sk-route-access',
      TERM_BRIDGE_TMUX_SOCKET: tmux.socketName,
    });
  });

  afterAll(async () => {
    await service.close();
  });

  it('guards every route as the table says, and no route goes without a rule', () => {
    const table = routeAccessTable(service.app);
    expect(Object.values(table)).not.toContain(UNDECLARED);
    expect(table).toEqual(EXPECTED);
  });
});
