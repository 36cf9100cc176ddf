import { classifyProtocolEra, inEra } from './protocol-era';

const request = (method: string, params: Record<string, unknown>, version?: unknown) => ({
  jsonrpc: '2.0' as const,
  id: 7,
  method,
  params:
    version === undefined
      ? params
      : { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': version } },
});

describe('classifyProtocolEra', () => {
  it('treats messages without the envelope as the initialize era', () => {
    expect(classifyProtocolEra(request('tools/list', {}), {})).toEqual({ era: 'legacy' });
    expect(classifyProtocolEra({ jsonrpc: '2.0', id: 1, result: {} }, {})).toEqual({ era: 'legacy' });
  });

  it('accepts a 2026-07-28 request whose headers agree with its body', () => {
    const headers = {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'resources/read',
      'mcp-name': 'a://b',
    };
    expect(classifyProtocolEra(request('resources/read', { uri: 'a://b' }, '2026-07-28'), headers)).toEqual({
      era: 'modern',
      version: '2026-07-28',
    });
  });

  it.each([['2025-11-25'], ['2099-01-01'], [42]])(
    'refuses the revision %p in the envelope with -32022',
    (version) => {
      const era = classifyProtocolEra(request('tools/list', {}, version), {});
      expect(era).toMatchObject({
        era: 'refused',
        status: 400,
        response: { id: 7, error: { code: -32022, data: { requested: String(version) } } },
      });
    },
  );

  it.each([
    [{ 'mcp-protocol-version': '2025-11-25' }, 'MCP-Protocol-Version'],
    [{ 'mcp-method': 'tools/list' }, 'Mcp-Method'],
    [{ 'mcp-name': 'other' }, 'Mcp-Name'],
    [{ 'mcp-name': ['echo', 'other'] }, 'Mcp-Name'],
  ])('refuses headers %p that disagree with the body', (headers, named) => {
    const era = classifyProtocolEra(request('tools/call', { name: 'echo' }, '2026-07-28'), headers);
    expect(era).toMatchObject({ era: 'refused', status: 400, response: { error: { code: -32020 } } });
    expect(JSON.stringify(era)).toContain(named);
  });
});

describe('inEra', () => {
  const modern = { era: 'modern', version: '2026-07-28' } as const;

  it('marks modern results complete and not cacheable, keeping what the backend set', () => {
    const listed = inEra(
      { response: { jsonrpc: '2.0', id: 1, result: { tools: [] } } },
      modern,
      'tools/list',
    );
    expect(listed.response).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [], resultType: 'complete', ttlMs: 0, cacheScope: 'private' },
    });
    const pending = inEra(
      { response: { jsonrpc: '2.0', id: 1, result: { resultType: 'input_required' } } },
      modern,
      'tools/call',
    );
    expect(pending.response).toEqual({ jsonrpc: '2.0', id: 1, result: { resultType: 'input_required' } });
  });

  it('leaves initialize-era results and errors alone', () => {
    const result = { response: { jsonrpc: '2.0' as const, id: 1, result: { tools: [] } } };
    expect(inEra(result, { era: 'legacy' }, 'tools/list')).toBe(result);
    const error = { response: { jsonrpc: '2.0' as const, id: 1, error: { code: -1, message: 'x' } } };
    expect(inEra(error, modern, 'tools/list')).toBe(error);
  });
});
