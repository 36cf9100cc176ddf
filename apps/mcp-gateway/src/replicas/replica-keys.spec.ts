import type { Principal } from '../access/principal';
import { FORWARD_MAX_AGE_MS, ReplicaKeys, type ForwardBinding } from './replica-keys';

const SECRET = 'a shared secret of at least thirty-two characters';
const OWNER = { replicaId: '0011223344556677', url: 'http://10.0.3.7:8080', ownerTag: 'ab'.repeat(16) };
const PRINCIPAL: Principal = {
  method: 'app-key',
  username: 'ivy',
  identitySource: 'sso',
  roles: ['McpClient'],
  groups: [],
  sids: [],
  fullAdminClaim: false,
  credentialValidUntil: new Date('2030-01-02T03:04:05.000Z'),
  appKey: { id: 'k1', keyPrefix: 'mcp-x-00', kind: 'app_key', scopes: ['*'] },
};
const BINDING: ForwardBinding = {
  method: 'POST',
  url: '/message?sessionId=abc',
  sessionHeader: undefined,
  body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
};

describe('sealed session ids', () => {
  it('open on every replica sharing the secret, and say who holds the session', () => {
    const id = new ReplicaKeys(SECRET).seal(OWNER);
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(new ReplicaKeys(SECRET).open(id)).toEqual(OWNER);
  });

  it('are different for every session of one owner', () => {
    const keys = new ReplicaKeys(SECRET);
    expect(keys.seal(OWNER)).not.toBe(keys.seal(OWNER));
  });

  it('open nowhere else: another secret, no secret, an altered or a made-up id', () => {
    const id = new ReplicaKeys(SECRET).seal(OWNER);
    expect(new ReplicaKeys(`${SECRET}!`).open(id)).toBeUndefined();
    expect(new ReplicaKeys(undefined).open(id)).toBeUndefined();
    const keys = new ReplicaKeys(SECRET);
    const flipped = `${id.slice(0, 20)}${id[20] === 'A' ? 'B' : 'A'}${id.slice(21)}`;
    expect(keys.open(flipped)).toBeUndefined();
    for (const forged of ['', '0'.repeat(32), 'not an id!', 'A'.repeat(600), id.slice(0, 40)])
      expect(keys.open(forged)).toBeUndefined();
  });
});

describe('forwarded requests', () => {
  const keys = new ReplicaKeys(SECRET);
  const now = Date.parse('2026-11-27T00:00:00Z');
  const caller = { to: OWNER.replicaId, at: now, principal: PRINCIPAL };

  it('carry the caller to the replica they are for, dates included', () => {
    const header = keys.signForward(caller, BINDING);
    const verified = new ReplicaKeys(SECRET).verifyForward(header, BINDING, OWNER.replicaId, now + 5);
    expect(verified).toEqual(caller);
    expect(typeof verified === 'object' && verified.principal.credentialValidUntil).toBeInstanceOf(Date);
  });

  it('are refused for another replica (as meant elsewhere), too old, another secret, or anything altered', () => {
    const header = keys.signForward(caller, BINDING);
    expect(keys.verifyForward(header, BINDING, 'ffffffffffffffff', now)).toBe('elsewhere');
    expect(
      keys.verifyForward(header, BINDING, OWNER.replicaId, now + FORWARD_MAX_AGE_MS + 1),
    ).toBeUndefined();
    expect(new ReplicaKeys(undefined).verifyForward(header, BINDING, OWNER.replicaId, now)).toBeUndefined();
    for (const altered of [
      { ...BINDING, body: BINDING.body.replace('ping', 'tools/list') },
      { ...BINDING, url: '/message?sessionId=abd' },
      { ...BINDING, method: 'DELETE' },
      { ...BINDING, sessionHeader: 'x' },
    ])
      expect(keys.verifyForward(header, altered, OWNER.replicaId, now)).toBeUndefined();
    const [version, , mac] = header.split('.');
    const otherCaller = Buffer.from(
      JSON.stringify({ ...caller, principal: { ...PRINCIPAL, username: 'mallory' } }),
    ).toString('base64url');
    expect(
      keys.verifyForward(`${version}.${otherCaller}.${mac}`, BINDING, OWNER.replicaId, now),
    ).toBeUndefined();
    for (const garbage of ['', 'v1', 'v1.a.b.c', 'v2.a.b', `${header}.x`])
      expect(keys.verifyForward(garbage, BINDING, OWNER.replicaId, now)).toBeUndefined();
  });
});
