import { ManualClock } from '@platform/service-kit';
import type { AppKeyEntity } from './app-key.entity';
import { KeyVerificationCache } from './key-verification.cache';

const ROW = { id: 'key-1' } as AppKeyEntity;

describe('KeyVerificationCache', () => {
  it('serves a row for the TTL by the service clock, then reads it again', () => {
    const clock = new ManualClock();
    const cache = new KeyVerificationCache(5000, clock);
    cache.set('mcp-glb-abc', ROW);
    clock.advance(4999);
    expect(cache.get('mcp-glb-abc')).toBe(ROW);
    clock.advance(1);
    expect(cache.get('mcp-glb-abc')).toBeUndefined();
  });

  it('remembers that a prefix is unknown, and caches nothing with a TTL of zero', () => {
    const clock = new ManualClock();
    const cache = new KeyVerificationCache(5000, clock);
    cache.set('mcp-glb-none', null);
    expect(cache.get('mcp-glb-none')).toBeNull();
    const off = new KeyVerificationCache(0, clock);
    off.set('mcp-glb-abc', ROW);
    expect(off.get('mcp-glb-abc')).toBeUndefined();
  });
});
