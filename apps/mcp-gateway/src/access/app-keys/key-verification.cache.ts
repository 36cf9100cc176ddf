// A short-lived, bounded cache of key rows by KeyPrefix, so a busy client costs at most one
// database round trip per TTL instead of one per request. A revocation or rotation applies on
// this replica at once (the service calls forget()) and on the others as soon as its change
// notice arrives (AccessChangeListener, replicas/change-feed.ts). Entries live a few seconds
// only, so a replica whose feed is down still applies it within that time.
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@platform/service-kit';
import type { AppKeyEntity } from './app-key.entity';

export const KEY_CACHE_TTL_MS = Symbol('KEY_CACHE_TTL_MS');
const MAX_ENTRIES = 10_000;

interface Entry {
  readonly row: AppKeyEntity | null;
  readonly expiresAt: number;
}

@Injectable()
export class KeyVerificationCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    @Inject(KEY_CACHE_TTL_MS) private readonly ttlMs: number,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The cached row (null: known to be absent), or undefined when not cached or stale. */
  get(keyPrefix: string, now = this.clock.nowMs()): AppKeyEntity | null | undefined {
    const entry = this.entries.get(keyPrefix);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(keyPrefix);
      return undefined;
    }
    return entry.row;
  }

  set(keyPrefix: string, row: AppKeyEntity | null, now = this.clock.nowMs()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(keyPrefix, { row, expiresAt: now + this.ttlMs });
  }

  forget(keyPrefix: string): void {
    this.entries.delete(keyPrefix);
  }

  /** Drops every entry (change notices may have been missed). */
  clear(): void {
    this.entries.clear();
  }
}
