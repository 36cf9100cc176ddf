// A plex.tv simulator: the v2 PIN sign-in (create, check, approve from a test or on a stand-in for
// app.plex.tv's approval page), the account, the resources (servers and their connections) and home
// users, which all need X-Plex-Client-Identifier, and the XML-only friends list `/api/users`.
import { randomInt } from 'node:crypto';
import type { FaultController } from '../http/fault-rules';
import { headerValue, queryFlag, queryValue, startSimulatorServer } from '../http/simulator-server';
import type { RecordedRequest, Route, SimulatorRequest, SimulatorResponse } from '../http/simulator-server';
import type { LibraryUser, MediaLibrary } from '../library/media-library.types';
import { accountName, AUTH_APPROVE_PATH, AUTH_PAGE_PATH, renderAuthPage } from './plex-tv-auth-page';
import { renderAccount, renderFriendsXml, renderHomeUsers, renderResources } from './plex-tv-resources';

export interface PlexTvOptions {
  readonly library: MediaLibrary;
  /** Where resources say the Plex server is (the Plex Media Server simulator's url). */
  readonly plexServerUrl: string;
  /** Milliseconds since the epoch; PIN expiry follows it. Date.now by default. */
  readonly clock?: () => number;
  readonly port?: number;
}

export interface PlexPin {
  readonly id: number;
  readonly code: string;
  readonly clientIdentifier: string;
  readonly strong: boolean;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** Set once a user approved the PIN (plex.tv/link, or the approval page). */
  authToken: string | null;
}

export interface PlexTvState {
  readonly pins: Map<number, PlexPin>;
  /** What a user does in the browser: sign in and approve the PIN. */
  approvePin(pinId: number, plexId: number): void;
  /** Tokens plex.tv no longer accepts (a signed-out or revoked session). */
  readonly revokedTokens: Set<string>;
}

export interface PlexTvSimulator {
  readonly url: string;
  /**
   * The simulated approval page, `<url>/auth#?`, to which a client appends `clientID=…&code=…` as
   * to `https://app.plex.tv/auth#?` (the curation API's CURATION_PLEX_APP_AUTH_URL).
   */
  readonly appAuthUrl: string;
  /**
   * What the page's "Approve as" buttons call: `POST` JSON `{code, clientID, plexId}` → 200
   * `{code, approvedAs, alreadyApproved}`; an unknown code 404, an expired one 410.
   */
  readonly appApproveUrl: string;
  readonly state: PlexTvState;
  readonly faults: FaultController;
  readonly requests: readonly RecordedRequest[];
  stop(): Promise<void>;
}

const PIN_LOCATION = {
  code: 'US',
  european_union_member: false,
  continent_code: 'NA',
  country: 'United States',
  city: 'Springfield',
  time_zone: 'America/Chicago',
  postal_code: '62701',
  in_privacy_restricted_country: false,
  in_privacy_restricted_region: false,
  subdivisions: 'Illinois',
  coordinates: '39.8, -89.6',
};

export async function startPlexTv(options: PlexTvOptions): Promise<PlexTvSimulator> {
  const { library } = options;
  const clock = options.clock ?? Date.now;
  const usersByToken = new Map(library.users.map((user) => [user.authToken, user]));
  const pins = new Map<number, PlexPin>();
  const revokedTokens = new Set<string>();
  let nextPinId = 370_000_000 + randomInt(1_000_000);
  const accountWithId = (plexId: number): LibraryUser | undefined =>
    library.users.find((candidate) => candidate.plexId === plexId);

  const state: PlexTvState = {
    pins,
    revokedTokens,
    approvePin: (pinId, plexId) => {
      const pin = pins.get(pinId);
      const user = accountWithId(plexId);
      if (pin === undefined || user === undefined) throw new Error(`no PIN ${pinId} or user ${plexId}`);
      pin.authToken = user.authToken;
    },
  };

  const account = (request: SimulatorRequest): LibraryUser | undefined => {
    const token = headerValue(request, 'X-Plex-Token') ?? queryValue(request, 'X-Plex-Token') ?? '';
    return revokedTokens.has(token) ? undefined : usersByToken.get(token);
  };
  const missingClientIdentifier = (request: SimulatorRequest): SimulatorResponse | undefined =>
    (headerValue(request, 'X-Plex-Client-Identifier') ??
      queryValue(request, 'X-Plex-Client-Identifier') ??
      '') === ''
      ? v2Error(400, 1000, 'X-Plex-Client-Identifier is missing')
      : undefined;
  /** v2 endpoints for a signed-in account: the client identifier first (400), then the token (401). */
  const v2 =
    (handler: (request: SimulatorRequest, user: LibraryUser) => SimulatorResponse) =>
    (request: SimulatorRequest): SimulatorResponse => {
      const refusal = missingClientIdentifier(request);
      if (refusal !== undefined) return refusal;
      const user = account(request);
      return user === undefined
        ? v2Error(401, 1001, 'User could not be authenticated')
        : handler(request, user);
    };
  /** v2 endpoints a client calls before sign-in (the PIN): the client identifier only. */
  const v2Anonymous =
    (handler: (request: SimulatorRequest) => SimulatorResponse) =>
    (request: SimulatorRequest): SimulatorResponse =>
      missingClientIdentifier(request) ?? handler(request);
  const renderPin = (pin: PlexPin): Record<string, unknown> => ({
    id: pin.id,
    code: pin.code,
    product: 'Plex Web',
    trusted: false,
    qr: `https://plex.tv/api/v2/pins/qr/${pin.code}`,
    clientIdentifier: pin.clientIdentifier,
    location: PIN_LOCATION,
    expiresIn: Math.max(0, Math.round((pin.expiresAt - clock()) / 1000)),
    createdAt: isoSeconds(pin.createdAt),
    expiresAt: isoSeconds(pin.expiresAt),
    authToken: pin.authToken,
    newRegistration: null,
  });

  /**
   * The approval page's button: the PIN of this code and client gets the chosen account's token,
   * as approvePin gives it. A PIN approved before keeps its first account.
   */
  const approveOnPage = (body: unknown): SimulatorResponse => {
    const fields: Record<string, unknown> = typeof body === 'object' && body !== null ? { ...body } : {};
    const { code, clientID, plexId } = fields;
    if (typeof code !== 'string' || code === '') {
      return v2Error(400, 1000, 'code is missing: open the authUrl with its #?clientID=…&code=… part');
    }
    if (typeof clientID !== 'string' || clientID === '') return v2Error(400, 1000, 'clientID is missing');
    if (typeof plexId !== 'number' || !Number.isSafeInteger(plexId)) {
      return v2Error(400, 1000, 'plexId must be the id of an account (an integer)');
    }
    const matching = [...pins.values()].filter(
      (candidate) =>
        candidate.code.toUpperCase() === code.toUpperCase() && candidate.clientIdentifier === clientID,
    );
    const pin = matching.find((candidate) => candidate.expiresAt > clock()) ?? matching[0];
    if (pin === undefined) {
      return v2Error(404, 1020, 'Code not found for this application: start the sign-in again');
    }
    if (pin.expiresAt <= clock()) return v2Error(410, 1020, 'This code has expired: start the sign-in again');
    const user = accountWithId(plexId);
    if (user === undefined) return v2Error(404, 1002, `No account with id ${plexId}`);
    const alreadyApproved = pin.authToken !== null;
    pin.authToken ??= user.authToken;
    const approver = usersByToken.get(pin.authToken) ?? user;
    return { status: 200, json: { code: pin.code, approvedAs: accountName(approver), alreadyApproved } };
  };

  const routes: Route[] = [
    {
      // Where a client sends a person to approve its PIN (app.plex.tv/auth): plex-tv-auth-page.ts.
      method: 'GET',
      pattern: AUTH_PAGE_PATH,
      public: true,
      handler: () => {
        const page = renderAuthPage(library.users);
        return {
          status: 200,
          text: page.html,
          contentType: 'text/html; charset=utf-8',
          headers: page.headers,
        };
      },
    },
    {
      method: 'POST',
      pattern: AUTH_APPROVE_PATH,
      public: true,
      handler: (request) => approveOnPage(request.body),
    },
    {
      method: 'POST',
      pattern: '/api/v2/pins',
      public: true,
      handler: v2Anonymous((request) => {
        const strong = queryFlag(request, 'strong');
        const created = clock();
        const pin: PlexPin = {
          id: (nextPinId += 1),
          code: strong ? randomCode(25) : randomCode(4),
          clientIdentifier:
            headerValue(request, 'X-Plex-Client-Identifier') ??
            queryValue(request, 'X-Plex-Client-Identifier') ??
            '',
          strong,
          createdAt: created,
          expiresAt: created + (strong ? 1800 : 900) * 1000,
          authToken: null,
        };
        pins.set(pin.id, pin);
        return { status: 201, json: renderPin(pin) };
      }),
    },
    {
      method: 'GET',
      pattern: '/api/v2/pins/:pinId',
      public: true,
      handler: v2Anonymous((request) => {
        const pin = pins.get(Number(request.params['pinId']));
        const client =
          headerValue(request, 'X-Plex-Client-Identifier') ?? queryValue(request, 'X-Plex-Client-Identifier');
        if (pin === undefined || pin.clientIdentifier !== client || pin.expiresAt <= clock()) {
          return v2Error(404, 1020, 'Code not found or expired');
        }
        return { status: 200, json: renderPin(pin) };
      }),
    },
    {
      // What the plex.tv/link page does when a signed-in person types the 4-character code a
      // device shows: it gives the PIN that person's token. The demo uses it to sign in from a shell.
      method: 'PUT',
      pattern: '/api/v2/pins/link',
      public: true,
      handler: v2((request, user) => {
        const code = (queryValue(request, 'code') ?? '').toUpperCase();
        const pin = [...pins.values()].find(
          (candidate) => candidate.code.toUpperCase() === code && candidate.expiresAt > clock(),
        );
        if (pin === undefined) return v2Error(404, 1020, 'Code not found or expired');
        pin.authToken = user.authToken;
        return { status: 204 };
      }),
    },
    {
      method: 'GET',
      pattern: '/api/v2/user',
      public: true,
      handler: v2((_request, user) => ({ status: 200, json: renderAccount(user, nowSeconds(clock)) })),
    },
    {
      method: 'GET',
      pattern: '/api/v2/resources',
      public: true,
      handler: v2((_request, user) => ({
        status: 200,
        json: renderResources(library, user, options.plexServerUrl, nowSeconds(clock)),
      })),
    },
    {
      method: 'GET',
      pattern: '/api/v2/home/users',
      public: true,
      handler: v2((_request, user) => ({ status: 200, json: renderHomeUsers(library, user) })),
    },
    {
      method: 'GET',
      pattern: '/users/account.json',
      public: true,
      handler: (request) => {
        const user = account(request);
        if (user === undefined) return { status: 401, json: { error: 'Invalid authentication token.' } };
        return { status: 200, json: { user: renderAccount(user, nowSeconds(clock)) } };
      },
    },
    {
      method: 'GET',
      pattern: '/api/users',
      public: true,
      // XML whatever the Accept header says: this v1 endpoint has no JSON form.
      handler: (request) => {
        const user = account(request);
        if (user === undefined)
          return {
            status: 401,
            text: '<?xml version="1.0" encoding="UTF-8"?>\n<errors>\n  <error>Invalid authentication token.</error>\n</errors>\n',
            contentType: 'application/xml',
          };
        return {
          status: 200,
          text: renderFriendsXml(library, user.kind === 'owner'),
          contentType: 'application/xml',
        };
      },
    },
  ];

  const server = await startSimulatorServer({
    routes,
    port: options.port,
    authorize: () => undefined,
    notFound: () => v2Error(404, 1002, 'Not Found'),
    errorResponse: (status) => v2Error(status, 1000 + status, `Injected ${status}`),
  });
  return {
    url: server.url,
    appAuthUrl: `${server.url}${AUTH_PAGE_PATH}#?`,
    appApproveUrl: `${server.url}${AUTH_APPROVE_PATH}`,
    state,
    faults: server.faults,
    requests: server.requests,
    stop: server.stop,
  };
}

function v2Error(status: number, code: number, message: string): SimulatorResponse {
  return { status, json: { errors: [{ code, message, status }] } };
}

function randomCode(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let index = 0; index < length; index += 1) code += alphabet[randomInt(alphabet.length)];
  return code;
}

function isoSeconds(milliseconds: number): string {
  return new Date(milliseconds).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function nowSeconds(clock: () => number): number {
  return Math.floor(clock() / 1000);
}
