// Who is signed in: GET /api/me with the tab's administrator key, or with nothing but the SSO
// proxy's headers. A 401 means nobody (the sign-in page); any other answer is who it is.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ProblemError } from '@platform/web-ui';
import { api, call } from '../api/client';
import { setAdminKey } from '../api/credential';
import { setBenchKey } from '../bench/bench-key';
import type { Me } from '../api/types';

export const ME_KEY = ['me'] as const;

export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async (): Promise<Me | null> => {
      try {
        return await call(api.GET('/api/me'));
      } catch (error) {
        if (error instanceof ProblemError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useSignOut(): () => void {
  const client = useQueryClient();
  return () => {
    setAdminKey(null);
    setBenchKey(null);
    client.clear();
    void client.invalidateQueries({ queryKey: ME_KEY });
  };
}
