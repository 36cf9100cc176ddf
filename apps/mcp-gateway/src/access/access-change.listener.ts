// Applies other replicas' access changes as soon as their notices arrive (replicas/change-feed.ts):
// a revoked or rotated key leaves the verification cache, changed policies or group mappings make
// the rules snapshot reload. After the feed was down every cached key and the snapshot are
// dropped, since notices are not replayed. The caches' own lifetimes remain the fallback.
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ChangeFeed } from '../replicas/change-feed';
import { KeyVerificationCache } from './app-keys/key-verification.cache';
import { AccessRulesSnapshot } from './policies/access-rules.snapshot';

@Injectable()
export class AccessChangeListener implements OnModuleDestroy {
  private readonly stop: () => void;

  constructor(feed: ChangeFeed, keys: KeyVerificationCache, rules: AccessRulesSnapshot) {
    this.stop = feed.on((event) => {
      switch (event.kind) {
        case 'app-key':
          keys.forget(event.keyPrefix);
          return;
        case 'access-rules':
          rules.invalidate();
          return;
        case 'resync':
          keys.clear();
          rules.invalidate();
          return;
        case 'servers':
          return;
      }
    });
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
