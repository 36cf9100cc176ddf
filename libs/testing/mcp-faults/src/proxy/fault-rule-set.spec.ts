// Fault matching (method, tool, HTTP method), ordering, `times` and removal.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { describeApplication, FaultRuleSet, siteMatches } from './fault-rule-set';
import type { TrafficSite } from './fault-rule-set';

const toolCall = (tool: string): TrafficSite => ({
  httpMethod: 'POST',
  subjects: [{ method: 'tools/call', tool }],
});
const call = (method: string, httpMethod = 'POST'): TrafficSite => ({ httpMethod, subjects: [{ method }] });

describe('siteMatches', () => {
  it('matches everything without a match, including exchanges without JSON-RPC', () => {
    expect(siteMatches(undefined, { httpMethod: 'GET', subjects: [] })).toBe(true);
    expect(siteMatches({}, toolCall('echo'))).toBe(true);
  });

  it('matches by JSON-RPC method, one or several', () => {
    expect(siteMatches({ method: 'ping' }, call('ping'))).toBe(true);
    expect(siteMatches({ method: 'ping' }, call('tools/list'))).toBe(false);
    expect(siteMatches({ method: ['ping', 'tools/list'] }, call('tools/list'))).toBe(true);
  });

  it('matches by tool name only for tools/call', () => {
    expect(siteMatches({ tool: 'echo' }, toolCall('echo'))).toBe(true);
    expect(siteMatches({ tool: ['slow', 'echo'] }, toolCall('echo'))).toBe(true);
    expect(siteMatches({ tool: 'echo' }, toolCall('get-sum'))).toBe(false);
    expect(
      siteMatches(
        { tool: 'echo' },
        { httpMethod: 'POST', subjects: [{ method: 'prompts/get', tool: 'echo' }] },
      ),
    ).toBe(false);
  });

  it('requires every given condition', () => {
    expect(siteMatches({ method: 'tools/call', tool: 'echo', httpMethod: 'POST' }, toolCall('echo'))).toBe(
      true,
    );
    expect(siteMatches({ method: 'tools/list', tool: 'echo' }, toolCall('echo'))).toBe(false);
    expect(siteMatches({ tool: 'echo', httpMethod: 'GET' }, toolCall('echo'))).toBe(false);
  });

  it('compares HTTP methods case-insensitively', () => {
    expect(siteMatches({ httpMethod: 'get' }, { httpMethod: 'GET', subjects: [] })).toBe(true);
  });

  it('never matches a JSON-RPC condition on an exchange without messages', () => {
    expect(siteMatches({ method: 'ping' }, { httpMethod: 'GET', subjects: [] })).toBe(false);
  });

  it('matches a batch when any of its messages matches', () => {
    const batch: TrafficSite = {
      httpMethod: 'POST',
      subjects: [{ method: 'ping' }, { method: 'tools/call', tool: 'echo' }],
    };
    expect(siteMatches({ tool: 'echo' }, batch)).toBe(true);
  });
});

describe('FaultRuleSet', () => {
  it('gives the first matching request fault and only request faults', () => {
    const rules = new FaultRuleSet();
    rules.add({ kind: 'delay', ms: 10 });
    rules.add({ kind: 'http-status', status: 503, match: { tool: 'slow' } });
    rules.add({ kind: 'blackhole', match: { method: 'tools/call' } });
    rules.add({ kind: 'http-status', status: 500 });
    expect(rules.takeRequestFault(toolCall('echo'))).toEqual({
      kind: 'blackhole',
      match: { method: 'tools/call' },
    });
    expect(rules.takeRequestFault(toolCall('slow'))).toMatchObject({ kind: 'http-status', status: 503 });
    expect(rules.takeRequestFault(call('ping'))).toMatchObject({ kind: 'http-status', status: 500 });
  });

  it('gives every matching answer fault in the order they were set', () => {
    const rules = new FaultRuleSet();
    rules.add({ kind: 'malformed', match: { tool: 'echo' } });
    rules.add({ kind: 'blackhole' });
    rules.add({ kind: 'delay', ms: 5 });
    rules.add({ kind: 'drop-connection', match: { tool: 'slow' } });
    expect(rules.takeAnswerFaults(toolCall('echo')).map((fault) => fault.kind)).toEqual([
      'malformed',
      'delay',
    ]);
  });

  it('retires a fault after `times` applications', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 40 }), (times, attempts) => {
        const rules = new FaultRuleSet();
        rules.add({ kind: 'delay', ms: 1, times });
        let applied = 0;
        for (let attempt = 0; attempt < attempts; attempt += 1)
          applied += rules.takeAnswerFaults(call('ping')).length;
        expect(applied).toBe(Math.min(times, attempts));
        expect(rules.size).toBe(attempts >= times ? 0 : 1);
      }),
    );
  });

  it('does not use up a fault on traffic it does not match', () => {
    const rules = new FaultRuleSet();
    rules.add({ kind: 'blackhole', match: { tool: 'never' }, times: 1 });
    expect(rules.takeRequestFault(toolCall('echo'))).toBeUndefined();
    expect(rules.takeRequestFault(toolCall('never'))).toMatchObject({ kind: 'blackhole' });
    expect(rules.takeRequestFault(toolCall('never'))).toBeUndefined();
  });

  it('removes one fault through its handle, or all of them', () => {
    const rules = new FaultRuleSet();
    const first = rules.add({ kind: 'delay', ms: 1 });
    rules.add({ kind: 'malformed' });
    first.remove();
    expect(rules.takeAnswerFaults(call('ping')).map((fault) => fault.kind)).toEqual(['malformed']);
    rules.clear();
    expect(rules.takeAnswerFaults(call('ping'))).toEqual([]);
  });

  it('refuses faults that cannot work', () => {
    const rules = new FaultRuleSet();
    expect(() => rules.add({ kind: 'delay', ms: -1 })).toThrow(RangeError);
    expect(() => rules.add({ kind: 'delay', ms: 1, times: 0 })).toThrow(/times/);
    expect(() => rules.add({ kind: 'http-status', status: 99 })).toThrow(/status/);
    expect(() => rules.add({ kind: 'http-status', status: 101 })).toThrow(/status/);
  });
});

describe('describeApplication', () => {
  it('names the message the fault was applied for', () => {
    const site: TrafficSite = {
      httpMethod: 'POST',
      subjects: [{ method: 'ping' }, { method: 'tools/call', tool: 'echo' }],
    };
    expect(describeApplication({ kind: 'malformed', match: { tool: 'echo' } }, site)).toEqual({
      kind: 'malformed',
      httpMethod: 'POST',
      method: 'tools/call',
      tool: 'echo',
    });
    expect(describeApplication({ kind: 'delay', ms: 1 }, site)).toEqual({
      kind: 'delay',
      httpMethod: 'POST',
      method: 'ping',
    });
    expect(describeApplication({ kind: 'blackhole' }, { httpMethod: 'GET', subjects: [] })).toEqual({
      kind: 'blackhole',
      httpMethod: 'GET',
    });
  });
});
