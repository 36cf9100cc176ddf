import {
  CAPABILITY_MATRIX,
  DIRECT_PROXY_METHOD,
  MCP_METHODS,
  coverageOf,
} from './capability-matrix.constants';
import type { ScopeKind } from './scope.types';

const SCOPED_METHODS: Record<string, readonly ScopeKind[]> = {
  'tools/list': ['global', 'server', 'category', 'tool'],
  'tools/call': ['global', 'server', 'category', 'tool'],
  'prompts/list': ['global', 'server', 'category', 'prompt'],
  'prompts/get': ['global', 'server', 'category', 'prompt'],
  'resources/list': ['global', 'server', 'category', 'resource'],
  'resources/read': ['global', 'server', 'category', 'resource'],
  'resources/templates/list': ['global', 'server', 'category', 'resource_template'],
  'completion/complete': ['global', 'server', 'category', 'prompt', 'resource', 'completion'],
  [DIRECT_PROXY_METHOD]: ['global', 'server', 'category'],
};

describe('CAPABILITY_MATRIX', () => {
  it('classifies every method, and only those', () => {
    expect(Object.keys(CAPABILITY_MATRIX).sort()).toEqual([...MCP_METHODS].sort());
  });

  it.each(Object.entries(SCOPED_METHODS))('lets only the spec 5.1 scope kinds allow %s', (method, kinds) => {
    expect(CAPABILITY_MATRIX[method as keyof typeof CAPABILITY_MATRIX]).toEqual({ rule: 'scoped', kinds });
  });

  it('lets any valid scope list use search_tools', () => {
    expect(CAPABILITY_MATRIX.search_tools).toEqual({ rule: 'any-valid-scope-list' });
  });

  it('checks execute_tool as the tools/call of its inner tool', () => {
    expect(CAPABILITY_MATRIX.execute_tool).toEqual({ rule: 'as-method', method: 'tools/call' });
  });

  it('only delegates to methods that decide by scope (no chains, no cycles)', () => {
    for (const coverage of Object.values(CAPABILITY_MATRIX)) {
      if (coverage.rule === 'as-method') {
        expect(CAPABILITY_MATRIX[coverage.method].rule).toBe('scoped');
      }
    }
  });

  it('never lets an exact-item scope open the direct proxy', () => {
    const proxy = CAPABILITY_MATRIX[DIRECT_PROXY_METHOD];
    expect(proxy.rule === 'scoped' && proxy.kinds).toEqual(['global', 'server', 'category']);
  });
});

describe('coverageOf', () => {
  it.each(['initialize', 'notifications/cancelled', 'ping', 'TOOLS/CALL', '', 'constructor', 'toString'])(
    'does not cover %p (fail closed)',
    (method) => {
      expect(coverageOf(method)).toBeUndefined();
    },
  );

  it('returns the matrix entry of a covered method', () => {
    expect(coverageOf('tools/call')).toBe(CAPABILITY_MATRIX['tools/call']);
  });
});
