// What the gateway's replicas share: this replica's identity and keys (sealed session ids,
// forwarded requests) and the change feed (LISTEN/NOTIFY). Global: the access, registry and MCP
// modules all use them (docs/decisions/057-gateway-scale-out.md).
import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway-config';
import { CHANGE_FEED_SETTINGS, ChangeFeed, type ChangeFeedSettings } from './change-feed';
import { ReplicaIdentity } from './replica-identity';

@Global()
@Module({})
export class ReplicasModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: ReplicasModule,
      providers: [
        {
          provide: ReplicaIdentity,
          useValue: new ReplicaIdentity({
            secret: config.GATEWAY_REPLICA_SECRET,
            url: config.GATEWAY_REPLICA_URL,
            host: config.HOST,
            port: config.PORT,
          }),
        },
        {
          provide: CHANGE_FEED_SETTINGS,
          useValue: { databaseUrl: config.DATABASE_URL } satisfies ChangeFeedSettings,
        },
        ChangeFeed,
      ],
      exports: [ReplicaIdentity, ChangeFeed],
    };
  }
}
