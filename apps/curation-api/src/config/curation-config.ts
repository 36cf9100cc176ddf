// The curation API's settings on top of every service's (README "Media curation API"). The
// CURATION_* names are fixed: acceptance checks and deployments use them.
import { BaseServiceConfig, EmptyAsUnset, EnvIntegerBetween } from '@platform/service-kit';
import { IsOptional, IsString, IsUrl, Matches, MinLength } from 'class-validator';

export class CurationConfig extends BaseServiceConfig {
  /** plex.tv: PIN sign-in, accounts, the servers an account may use, its shared and home users. */
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'must be an http(s) URL such as https://plex.tv' },
  )
  CURATION_PLEX_TV_URL = 'https://plex.tv';

  /**
   * Where a PIN sign-in sends the person to approve (`authUrl`): the PIN's `clientID=…&code=…` are
   * appended, in the fragment, as app.plex.tv reads them. The demo and tests point it at the
   * plex.tv simulator's stand-in page.
   */
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'], disallow_auth: true },
    { message: 'must be an http(s) URL without user name or password, such as https://app.plex.tv/auth#?' },
  )
  @Matches(/#\?$/, {
    message:
      'must end with "#?" (the PIN\'s clientID and code are appended to it), such as https://app.plex.tv/auth#?',
  })
  CURATION_PLEX_APP_AUTH_URL = 'https://app.plex.tv/auth#?';

  /**
   * An Admin API key for automation and first setup, sent as `X-Api-Key`. Unset means none: then
   * only Plex accounts (and API keys Admins create) get in.
   */
  @EmptyAsUnset()
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'must be at least 16 characters: it is an Admin credential' })
  @Matches(/^\S+$/, { message: 'must not contain whitespace' })
  CURATION_BOOTSTRAP_API_KEY?: string;

  /**
   * 32 bytes, base64: the AES-256-GCM key of stored tokens and API keys. Unset means the key file in
   * DATABASE_DATA_DIR, generated on first start (with a warning: back it up with the database).
   */
  @EmptyAsUnset()
  @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes in base64 (44 characters ending in "=")' })
  CURATION_SECRET_KEY?: string;

  /** Minutes between scheduled syncs; 0 syncs only on demand (`POST /api/v1/sync`). */
  @EnvIntegerBetween(0, 7 * 24 * 60, 'minutes')
  CURATION_SYNC_INTERVAL_MINUTES = 60;

  /**
   * Bound on each call a prune makes to Sonarr or Radarr (reads are retried twice, changes never);
   * the prune's ledger deadline derives from it (docs/decisions/043).
   */
  @EnvIntegerBetween(100, 600_000, 'milliseconds')
  CURATION_PRUNE_CALL_TIMEOUT_MS = 30_000;

  /** Target instances a prune works on at once. */
  @EnvIntegerBetween(1, 16)
  CURATION_PRUNE_CONCURRENCY = 4;

  /**
   * plex.tv usernames or account ids that are Admin besides the bound server's owner,
   * comma-separated. Names are compared case-insensitively.
   */
  @EmptyAsUnset()
  @IsOptional()
  @IsString()
  CURATION_ADMIN_PLEX_ACCOUNTS?: string;

  /** The configured admin accounts, trimmed, empty entries dropped, names lower-cased. */
  adminPlexAccounts(): readonly string[] {
    return (this.CURATION_ADMIN_PLEX_ACCOUNTS ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== '');
  }
}
