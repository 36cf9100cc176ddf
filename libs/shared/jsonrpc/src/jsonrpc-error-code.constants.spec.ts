import {
  DEFAULT_JSON_RPC_ERROR_MESSAGES,
  defaultJsonRpcErrorMessage,
  isJsonRpcErrorCode,
  JsonRpcErrorCode,
  JsonRpcErrorMessage,
} from './jsonrpc-error-code.constants';

// Spec section 7, "JSON-RPC error codes (gateway)", row by row as written there.
const SPEC_TABLE: ReadonlyArray<readonly [number, string]> = [
  [-32700, 'Parse error'],
  [-32600, 'Invalid Request'],
  [-32601, 'Method not found'],
  [-32602, 'Invalid params / Resource Not Found'],
  [-32603, 'Internal error'],
  [-32001, 'Server Disconnected / Not Running'],
  [-32020, 'Connection Closed'],
  [-32021, 'Request Cancelled'],
  [-32022, 'Missing Required Client Capability'],
];

/** The spec's "A / B" cells name two messages; a shared leading word ("Server") is implied for B. */
function specMessages(cell: string): string[] {
  const [first = '', second] = cell.split(' / ');
  if (second === undefined) return [first];
  return second === 'Not Running' ? [first, `Server ${second}`] : [first, second];
}

describe('JSON-RPC error codes', () => {
  it.each(SPEC_TABLE)('names code %i with the message(s) of spec row "%s"', (code, cell) => {
    const names = (Object.keys(JsonRpcErrorCode) as Array<keyof typeof JsonRpcErrorCode>).filter(
      (name) => JsonRpcErrorCode[name] === code,
    );

    expect(names.map((name) => JsonRpcErrorMessage[name])).toEqual(specMessages(cell));
  });

  it('has no code that the spec does not list', () => {
    const specCodes = new Set(SPEC_TABLE.map(([code]) => code));

    expect(Object.values(JsonRpcErrorCode).filter((code) => !specCodes.has(code))).toEqual([]);
  });

  it.each(SPEC_TABLE)('defaults code %i to the first message of "%s"', (code, cell) => {
    expect(isJsonRpcErrorCode(code)).toBe(true);
    expect(defaultJsonRpcErrorMessage(code)).toBe(specMessages(cell)[0]);
    expect(DEFAULT_JSON_RPC_ERROR_MESSAGES[code as JsonRpcErrorCode]).toBe(specMessages(cell)[0]);
  });

  it('uses one code for both variants of a two-message row', () => {
    expect(JsonRpcErrorCode.ResourceNotFound).toBe(JsonRpcErrorCode.InvalidParams);
    expect(JsonRpcErrorCode.ServerNotRunning).toBe(JsonRpcErrorCode.ServerDisconnected);
  });

  it.each([-32000, -32099, 0, 1.5, Number.NaN, '-32700', null])(
    'does not treat %p as a spec code',
    (code) => {
      expect(isJsonRpcErrorCode(code)).toBe(false);
    },
  );

  it('gives codes outside the spec a generic message', () => {
    expect(defaultJsonRpcErrorMessage(-32042)).toBe('Unknown error');
  });
});
