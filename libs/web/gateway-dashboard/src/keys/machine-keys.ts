// The gateway's machine keys of both kinds, AppKeys (`/api/appkeys`) and machine clients
// (`/api/clients`): the same records and operations under two paths (spec 4.2).
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../api/client';
import type { AppKey } from '../api/types';

/** Every query about keys starts with this, so a change invalidates them all (limits included). */
export const KEYS_KEY = ['appkeys'] as const;

export type MachineKeyKind = 'app_key' | 'client';

/** Active AppKeys, then active clients. */
export function useMachineKeys() {
  return useQuery({
    queryKey: [...KEYS_KEY, 'with-clients'],
    queryFn: async ({ signal }): Promise<AppKey[]> => {
      const [appKeys, clients] = await Promise.all([
        call(api.GET('/api/appkeys', { signal })),
        call(api.GET('/api/clients', { signal })),
      ]);
      return [...appKeys, ...clients];
    },
  });
}

export function revokeKey(key: AppKey): Promise<void> {
  const params = { params: { path: { id: key.id } } };
  return key.kind === 'client'
    ? call(api.DELETE('/api/clients/{id}', params))
    : call(api.DELETE('/api/appkeys/{id}', params));
}

export function rotateKey(key: AppKey) {
  const params = { params: { path: { id: key.id } } };
  return key.kind === 'client'
    ? call(api.POST('/api/clients/{id}/rotate', params))
    : call(api.POST('/api/appkeys/{id}/rotate', params));
}
