// The one error every media client throws: what went wrong by kind, the system it came from, and a
// message safe to log or show (URLs scrubbed of tokens and API keys, never a response body).
export type MediaClientErrorCode =
  /** Connection refused, reset or dropped, DNS failure. */
  | 'unreachable'
  | 'timeout'
  /** 401 or 403: the token or API key was refused. */
  | 'unauthorized'
  | 'not-found'
  /** Any other non-success status, after the retries a read is allowed. */
  | 'bad-status'
  /** The answer arrived but is not what the vendor's contract says (schema, XML, size). */
  | 'bad-answer'
  /** The URL answers, but as another application (a Radarr URL given as Sonarr). */
  | 'wrong-app';

export class MediaClientError extends Error {
  override readonly name = 'MediaClientError';

  constructor(
    readonly code: MediaClientErrorCode,
    /** The system that failed: `plex`, `plex.tv`, `sonarr`, `radarr`, `overseerr`, `tautulli`. */
    readonly source: string,
    message: string,
    /** The HTTP status when the failure was one. */
    readonly status?: number,
  ) {
    super(`${source}: ${message}`);
  }
}
