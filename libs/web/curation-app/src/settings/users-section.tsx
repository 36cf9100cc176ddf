// Who may do what: everyone the server is shared with, their role, and removal. The owner, the
// configured admin accounts and the last Admin cannot be demoted; the API says so when asked.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRelative, ScrollBox, ErrorText } from '@platform/web-ui';
import { api, call } from '../api/client';
import type { KnownUser } from '../api/types';

export function UsersSection(props: { readonly me: string }) {
  const client = useQueryClient();
  const users = useQuery({
    queryKey: ['users'],
    queryFn: ({ signal }) => call(api.GET('/api/v1/auth/users', { signal })),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['users'] });
  const setRole = useMutation({
    mutationFn: (change: { id: string; role: KnownUser['role'] }) =>
      call(
        api.PUT('/api/v1/auth/users/{id}/role', {
          params: { path: { id: change.id } },
          body: { role: change.role },
        }),
      ),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(api.DELETE('/api/v1/auth/users/{id}', { params: { path: { id } } })),
    onSettled: refresh,
  });
  const failure = setRole.error ?? remove.error;
  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading">Users and roles</h2>
      <p className="muted">
        Admins curate: prune, protect, review requests, change settings. Guests browse and ask for protection.
      </p>
      <ErrorText error={failure} />
      <ScrollBox label="Users">
        <table>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Kind</th>
              <th scope="col">Role</th>
              <th scope="col">Last seen</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(users.data ?? []).map((user) => (
              <tr key={user.id}>
                <td>{user.username}</td>
                <td>{user.kind}</td>
                <td>
                  <select
                    aria-label={`Role of ${user.username}`}
                    value={user.role}
                    disabled={setRole.isPending}
                    onChange={(event) =>
                      setRole.mutate({ id: user.id, role: event.target.value as KnownUser['role'] })
                    }
                  >
                    <option value="Admin">Admin</option>
                    <option value="Guest">Guest</option>
                  </select>
                </td>
                <td>{formatRelative(user.lastSeenAt)}</td>
                <td>
                  {user.id === props.me ? null : (
                    <button
                      type="button"
                      className="small"
                      disabled={remove.isPending}
                      onClick={() => {
                        if (
                          window.confirm(
                            `Remove ${user.username}? Their sessions end; they may sign in again as Guest.`,
                          )
                        ) {
                          remove.mutate(user.id);
                        }
                      }}
                    >
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
