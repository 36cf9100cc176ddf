// For tests only: the gateway's service definition with the one-time administrator key and the
// log lines captured instead of printed, so tests can use them and a passing run prints nothing
// (no secrets, no service logs). The default access policy is not seeded unless a test asks for it
// (GATEWAY_SEED_DEFAULT_POLICIES): most specs state the rows they rely on, and a fail-closed start
// is what they were written for.
import type { Clock, ServiceDefinition } from '@platform/service-kit';
import type { GatewayConfig } from './config/gateway-config';
import { GATEWAY_SERVICE, GatewayModule } from './mcp-gateway.module';

export interface CapturedSecrets {
  /** Everything the gateway would have printed. */
  readonly printed: string[];
  /** Every log line (JSON) the gateway wrote at its LOG_LEVEL, which tests leave at `silent` unless they read them. */
  readonly logLines: string[];
  /** The administrator key from the first-start banner, once the gateway has started. */
  adminKey(): string;
}

/** `clock`: the time the gateway goes by; the system clock unless a test steps its own. */
export function gatewayForTests(options: { readonly clock?: Clock } = {}): {
  definition: ServiceDefinition<GatewayConfig>;
  secrets: CapturedSecrets;
} {
  const printed: string[] = [];
  const logLines: string[] = [];
  return {
    definition: {
      ...GATEWAY_SERVICE,
      configDefaults: { ...GATEWAY_SERVICE.configDefaults, GATEWAY_SEED_DEFAULT_POLICIES: 'false' },
      rootModule: (config) =>
        GatewayModule.register(config, {
          printSecret: (text) => printed.push(text),
          logDestination: { write: (line) => logLines.push(line) },
          ...(options.clock === undefined ? {} : { clock: options.clock }),
        }),
    },
    secrets: {
      printed,
      logLines,
      adminKey: () => {
        const key = /(mcp-adm-[0-9a-z-]+)/.exec(printed.join(''))?.[1];
        if (key === undefined) throw new Error('no administrator key was printed at first start');
        return key;
      },
    },
  };
}
