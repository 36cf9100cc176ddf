// A backend answered a redirect. Redirects are never followed: the request would carry the
// backend's credentials (its headers, its auth shape) to wherever the Location points, past the
// network policy the backend's own URL was checked against.

/** Longest location shown; a Location header is the backend's text and may be any length. */
const MAX_SHOWN_LOCATION = 200;

export class BackendRedirectError extends Error {
  readonly code = 'EBACKENDREDIRECT';

  constructor(
    readonly status: number,
    location: string | undefined,
    requestUrl: URL,
  ) {
    super(
      `backend answered HTTP ${status} ${describeLocation(location, requestUrl)}; redirects are not ` +
        'followed: register the URL it points to if that is the backend you mean',
    );
    this.name = 'BackendRedirectError';
  }
}

/**
 * `with a redirect to <origin><path>`: resolved against the request, parsed (so it is printable
 * ASCII), without user name, password, query and fragment (where credentials would be: a `query`
 * auth shape's secret is echoed back by a redirect to the same path), and cut to a bounded length.
 */
export function describeLocation(location: string | undefined, requestUrl: URL): string {
  if (location === undefined || location.trim() === '') return 'without a Location header';
  let target: URL;
  try {
    target = new URL(location, requestUrl);
  } catch {
    return 'with a Location header that is not a URL';
  }
  const dropped = target.search === '' ? '' : ' (query left out)';
  target.username = '';
  target.password = '';
  target.search = '';
  target.hash = '';
  const shown =
    target.protocol === 'http:' || target.protocol === 'https:' ? target.href : `a ${target.protocol} URL`;
  const bounded = shown.length > MAX_SHOWN_LOCATION ? `${shown.slice(0, MAX_SHOWN_LOCATION)}…` : shown;
  return `with a redirect to ${bounded}${dropped}`;
}
