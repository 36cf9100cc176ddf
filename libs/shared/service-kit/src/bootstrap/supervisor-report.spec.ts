import { type ListeningReport, reportListening } from './supervisor-report';

describe('reportListening', () => {
  it('sends the supervisor one listening message, then closes the channel', () => {
    const sent: ListeningReport[] = [];
    let disconnected = false;
    reportListening(
      'mcp-gateway',
      { address: '127.0.0.1', family: 'IPv4', port: 8080 },
      {
        pid: 4242,
        send: (message, callback) => {
          sent.push(message);
          callback(null);
          return true;
        },
        disconnect: () => {
          disconnected = true;
        },
      },
    );
    expect(sent).toEqual([
      { kind: 'listening', service: 'mcp-gateway', pid: 4242, address: '127.0.0.1', port: 8080 },
    ]);
    expect(disconnected).toBe(true);
  });

  it('does nothing without a supervisor (no IPC channel)', () => {
    expect(() => reportListening('x', { address: '::1', family: 'IPv6', port: 1 }, { pid: 1 })).not.toThrow();
  });
});
