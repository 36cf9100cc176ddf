// Who asks for a protection: a Plex user by account id, an API key by key id, or the bootstrap key.
// `key` is what migration 1796600000000 derives as "requester", so "one pending request per
// requester and item" means the same thing to the service and to the unique index.
import { actorName, type Caller } from '../access/caller';

export interface Requester {
  readonly accountId: string | null;
  readonly apiKeyId: string | null;
  readonly key: string;
  /** The name the request shows: the Plex username, api-key:<name> or bootstrap-api-key. */
  readonly name: string;
}

export function requesterOf(caller: Caller): Requester {
  const name = actorName(caller);
  switch (caller.kind) {
    case 'user':
      return { accountId: caller.userId, apiKeyId: null, key: `user:${caller.userId}`, name };
    case 'api-key':
      return { accountId: null, apiKeyId: caller.keyId, key: `api-key:${caller.keyId}`, name };
    case 'bootstrap':
      return { accountId: null, apiKeyId: null, key: 'bootstrap', name };
  }
}
