import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isLoopbackName, notLocalReason } from './local-request';

describe('local requests (the bridge without a key)', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'app.localhost',
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
  ])('counts %j as loopback', (name) => expect(isLoopbackName(name)).toBe(true));

  it.each([
    'attacker.example',
    'localhost.',
    'localhost.attacker.example',
    '127.0.0.1.nip.io',
    '0.0.0.0',
    '10.0.0.1',
    '::',
    '::ffff:127.0.0.1',
    '127.1',
    '',
  ])('does not count %j as loopback', (name) => expect(isLoopbackName(name)).toBe(false));

  it('accepts loopback Host headers, with or without a port, and their own origin', () => {
    expect(notLocalReason('127.0.0.1:8082', undefined)).toBeUndefined();
    expect(notLocalReason('localhost', undefined)).toBeUndefined();
    expect(notLocalReason('[::1]:8082', 'http://[::1]:8082')).toBeUndefined();
    expect(notLocalReason('LocalHost:8082', 'http://localhost:8082')).toBeUndefined();
  });

  it('refuses other names, malformed and missing Host headers, and other origins', () => {
    expect(notLocalReason('attacker.example:8082', undefined)).toMatch(
      /addressed to "attacker.example:8082"/,
    );
    expect(notLocalReason(undefined, undefined)).toMatch(/addressed to ""/);
    expect(notLocalReason('127.0.0.1:8082:1', undefined)).toBeDefined();
    expect(notLocalReason('127.0.0.1:8082', 'http://attacker.example')).toMatch(/sent by a page of/);
    expect(notLocalReason('127.0.0.1:8082', 'http://127.0.0.1:8083')).toBeDefined();
    expect(notLocalReason('127.0.0.1:8082', 'null')).toBeDefined();
    expect(notLocalReason('127.0.0.1:8082', 'file:///')).toBeDefined();
  });

  it('never accepts a Host whose name is not loopback, whatever follows it (property)', () => {
    const label = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 4 }),
        fc.option(fc.integer({ min: 1, max: 65535 })),
        (labels, port) => {
          const name = labels.join('.');
          fc.pre(name !== 'localhost' && !name.endsWith('.localhost'));
          expect(notLocalReason(port === null ? name : `${name}:${port}`, undefined)).toBeDefined();
        },
      ),
    );
  });

  it('quotes at most a short part of what it refuses', () => {
    expect(notLocalReason(`${'a'.repeat(5000)}.example`, undefined)?.length).toBeLessThan(200);
  });
});
