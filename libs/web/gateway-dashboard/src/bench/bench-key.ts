// The AppKey the test bench calls with: the administrator key has no MCP rights (it is for the
// administration API only), so the bench runs as a key an agent would use. Held in memory only,
// never stored: a reload forgets it.
import { useSyncExternalStore } from 'react';

let current: string | null = null;
const listeners = new Set<() => void>();

export function setBenchKey(key: string | null): void {
  current = key;
  for (const listener of listeners) listener();
}

export function useBenchKey(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
