// Progress tokens are chosen by clients, so two sessions may pick the same one. Requests sent
// upstream carry the (unique) upstream id as their token instead, and progress notifications
// get the client's own token back on the way down.
import type { JsonRpcParams } from '@platform/jsonrpc';

type ProgressToken = string | number;

export interface RewrittenParams {
  readonly params: JsonRpcParams | undefined;
  /** The client's token, when it asked for progress. */
  readonly clientToken?: ProgressToken;
}

export function rewriteProgressToken(
  params: JsonRpcParams | undefined,
  upstreamToken: string,
): RewrittenParams {
  if (params === undefined || Array.isArray(params)) return { params };
  const record = params as Readonly<Record<string, unknown>>;
  const meta = record['_meta'];
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return { params };
  const token: unknown = (meta as Record<string, unknown>)['progressToken'];
  if (typeof token !== 'string' && typeof token !== 'number') return { params };
  return {
    params: { ...record, _meta: { ...meta, progressToken: upstreamToken } },
    clientToken: token,
  };
}
