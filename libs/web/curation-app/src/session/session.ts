// Who is signed in, from GET /api/v1/auth/me (never 401), shared by every page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import type { SessionState } from '../api/types';

export const SESSION_KEY = ['session'] as const;

export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: () => call(api.GET('/api/v1/auth/me')),
    staleTime: 60_000,
  });
}

export function isAdmin(session: SessionState | undefined): boolean {
  return session?.user?.role === 'Admin';
}

export function useSignOut(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await call(api.POST('/api/v1/auth/logout'));
    client.clear();
    await client.invalidateQueries({ queryKey: SESSION_KEY });
  };
}
