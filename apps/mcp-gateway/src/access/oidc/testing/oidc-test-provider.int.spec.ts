// The test OpenID provider runs quietly: oidc-provider warns through the console when it runs on
// an unsupported Node or with its development-only storage, and such warnings in a passing test
// run would hide the ones that matter.
import { afterEach, describe, expect, it, jest } from '@jest/globals';

describe('the test OpenID provider', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('loads, starts and issues a token without printing anything', async () => {
    const printed: unknown[][] = [];
    for (const method of ['log', 'info', 'warn', 'error'] as const) {
      jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void printed.push(args));
    }
    // Imported here, after the spies: oidc-provider checks the runtime when it is first loaded.
    const { startTestProvider } = await import('./oidc-test-provider');
    const provider = await startTestProvider({ clients: [{ clientId: 'quiet' }] });
    try {
      expect(await provider.obtainToken('quiet', 'https://gateway.example/')).toMatch(/^ey/);
    } finally {
      await provider.stop();
    }
    expect(printed).toEqual([]);
  });
});
