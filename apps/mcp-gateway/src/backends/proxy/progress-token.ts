// Progress tokens are chosen by clients, so two sessions may pick the same one. Requests sent
// upstream carry the (unique) upstream id as their token instead, and progress notifications
// get the client's own token back on the way down.
import type { JsonRpcParams } from '@platform/jsonrpc';
import { isJsonRecord } from '../../json-record';

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
  if (!isJsonRecord(params)) return { params };
  const meta = params['_meta'];
  if (!isJsonRecord(meta)) return { params };
  const token = meta['progressToken'];
  if (typeof token !== 'string' && typeof token !== 'number') return { params };
  return {
    params: { ...params, _meta: { ...meta, progressToken: upstreamToken } },
    clientToken: token,
  };
}
