import { describe, expect, it } from '@jest/globals';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { ServerRequestRouter } from './server-request.router';

describe('ServerRequestRouter', () => {
  it("answers the backend with an error when the client's answer cannot be passed on", async () => {
    const sent: JSONRPCMessage[] = [];
    let failures = 1;
    const router = new ServerRequestRouter(async (_serverId, message) => {
      sent.push(message);
      if (failures-- > 0) throw new RangeError('Maximum call stack size exceeded');
    });
    router.route(
      'files',
      'req-1',
      { method: 'sampling/createMessage' },
      {
        sessionId: 's',
        request: { jsonrpc: '2.0', id: 1, method: 'tools/call' },
        onServerRequest: async () => ({ result: { unsendable: true } }),
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 'req-1', result: { unsendable: true } },
      {
        jsonrpc: '2.0',
        id: 'req-1',
        error: { code: -32603, message: "The client's answer could not be delivered" },
      },
    ]);
  });
});
