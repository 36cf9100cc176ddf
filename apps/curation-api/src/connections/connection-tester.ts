// Tests a connection the way each system allows: Sonarr and Radarr must answer
// /api/v3/system/status as the right application; Overseerr must accept the key on a call that
// needs one (/auth/me: /status answers anyone, so it would pass a wrong key); Tautulli must accept
// it on get_users. Short timeout, no retries: an Admin is waiting on the answer.
import { Injectable } from '@nestjs/common';
import {
  MediaClientError,
  type MediaClientErrorCode,
  OverseerrClient,
  RadarrClient,
  SonarrClient,
  TautulliClient,
} from '@platform/curation-media-clients';
import type { ConnectionType } from './connection.repository';

export type ConnectionTestResult =
  | { readonly ok: true; readonly appName?: string; readonly version?: string }
  | { readonly ok: false; readonly reason: MediaClientErrorCode; readonly error: string };

export interface ConnectionTarget {
  readonly type: ConnectionType;
  readonly baseUrl: string;
  readonly apiKey: string;
}

const TEST_TIMEOUT_MS = 10_000;
const NO_RETRIES = { retries: 0, baseDelayMs: 0, maxDelayMs: 0 };

const DISPLAY_NAMES: Readonly<Record<ConnectionType, string>> = {
  sonarr: 'Sonarr',
  radarr: 'Radarr',
  overseerr: 'Overseerr',
  tautulli: 'Tautulli',
};

@Injectable()
export class ConnectionTester {
  async test(target: ConnectionTarget): Promise<ConnectionTestResult> {
    try {
      return { ok: true, ...(await this.ask(target)) };
    } catch (error) {
      if (!(error instanceof MediaClientError)) throw error;
      return { ok: false, reason: error.code, error: describe(target, error) };
    }
  }

  private async ask(target: ConnectionTarget): Promise<{ appName?: string; version?: string }> {
    const options = {
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      timeoutMs: TEST_TIMEOUT_MS,
      retry: NO_RETRIES,
    };
    switch (target.type) {
      case 'sonarr': {
        const status = await new SonarrClient(options).getSystemStatus();
        return { appName: status.appName, version: status.version };
      }
      case 'radarr': {
        const status = await new RadarrClient(options).getSystemStatus();
        return { appName: status.appName, version: status.version };
      }
      case 'overseerr':
        await new OverseerrClient(options).getCurrentUser();
        return {};
      case 'tautulli':
        await new TautulliClient(options).getUsers();
        return {};
    }
  }
}

/** The client's message (credentials already scrubbed), with what the Admin should check. */
function describe(target: ConnectionTarget, error: MediaClientError): string {
  const app = DISPLAY_NAMES[target.type];
  switch (error.code) {
    case 'unauthorized':
      return `${app} at ${target.baseUrl} refused apiKey (HTTP ${error.status ?? '401'}): copy the key from its Settings > General.`;
    case 'wrong-app':
      return `${target.baseUrl} ${error.message.replace(/^[^:]*: the URL /, '')}: is it the ${app} URL?`;
    case 'unreachable':
    case 'timeout':
      return `${app} at ${target.baseUrl} could not be reached: ${error.message}`;
    case 'not-found':
      return `${target.baseUrl} has no ${app} API there (HTTP 404): check the URL and its URL base.`;
    case 'bad-status':
    case 'bad-answer':
      return `${target.baseUrl} did not answer as ${app}: ${error.message}`;
  }
}
