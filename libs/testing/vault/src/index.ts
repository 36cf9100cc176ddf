// Test support: a HashiCorp Vault simulator (KV v2 read and write, sys/health) on 127.0.0.1.
export { startVaultSimulator } from './vault-simulator';
export type {
  RecordedVaultRequest,
  VaultInjectedFailure,
  VaultSimulator,
  VaultSimulatorOptions,
} from './vault-simulator';
export type { VaultSecretData } from './vault-kv.store';
