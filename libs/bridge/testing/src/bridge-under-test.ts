// The terminal bridge booted for an end-to-end test: a fresh database, its own tmux server,
// a random API key, a real port, and the official `openai` client pointed at it (no retries:
// a retry would type a command again).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import type { BaseServiceConfig, ServiceDefinition } from '@platform/service-kit';
import { startTestService, type TestService } from '@platform/testing-service';
import { TEST_SHELL_COMMAND, type TmuxTestServer } from './tmux-test-server';

export interface BridgeUnderTest {
  readonly service: TestService;
  readonly baseUrl: string;
  readonly apiKey: string;
  /** The official client with `maxRetries: 0`, against `<baseUrl>/v1`. */
  readonly openai: OpenAI;
  /** `Authorization` header for raw HTTP requests. */
  readonly auth: { Authorization: string };
  close(): Promise<void>;
}

/** Settle timings small enough for a fast suite (the defaults are 800 ms / 3 s / 30 s). */
export const FAST_TIMINGS: Readonly<Record<string, string>> = {
  TERM_BRIDGE_QUIESCENCE_MS: '300',
  TERM_BRIDGE_FIRST_OUTPUT_MS: '1500',
  TERM_BRIDGE_MAX_TURN_MS: '8000',
  TERM_BRIDGE_ENTER_DELAY_MS: '20',
};

export async function startBridge<C extends BaseServiceConfig>(
  definition: ServiceDefinition<C>,
  tmux: TmuxTestServer,
  environment: Record<string, string> = {},
): Promise<BridgeUnderTest> {
  const apiKey = `sk-test-${randomBytes(12).toString('hex')}`;
  const service = await startTestService(definition, {
    TERM_BRIDGE_API_KEY: apiKey,
    TERM_BRIDGE_TMUX_SOCKET: tmux.socketName,
    TERM_BRIDGE_DEFAULT_COMMAND: TEST_SHELL_COMMAND,
    ...FAST_TIMINGS,
    ...environment,
  });
  try {
    await service.app.listen(0, '127.0.0.1');
  } catch (error) {
    await service.close();
    throw error;
  }
  const { port } = service.app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    service,
    baseUrl,
    apiKey,
    openai: new OpenAI({ apiKey, baseURL: `${baseUrl}/v1`, maxRetries: 0, timeout: 60_000 }),
    auth: { Authorization: `Bearer ${apiKey}` },
    close: () => service.close(),
  };
}
