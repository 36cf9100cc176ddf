// The one plex.tv client of the API (CURATION_PLEX_TV_URL), identified as this installation: PIN
// sign-in, accounts, the servers an account may use, the bound server's users. Built on first use,
// because the client identifier lives in the database.
import { Inject, Injectable } from '@nestjs/common';
import { MediaClientError, PlexTvClient, type PlexTvApi } from '@platform/curation-media-clients';
import { SERVICE_CONFIG, SERVICE_DESCRIPTOR, type ServiceDescriptor } from '@platform/service-kit';
import type { CurationConfig } from '../../config/curation-config';
import { AccessErrors } from '../access-errors';
import { PlexClientIdentifierRepository } from './plex-client-identifier.repository';

/** What Plex shows the user on the PIN approval page and in their authorized devices. */
export const PLEX_PRODUCT = 'Media Curation API';

@Injectable()
export class PlexTvConnector {
  private client: Promise<PlexTvApi> | undefined;
  private identifier: Promise<string> | undefined;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: CurationConfig,
    @Inject(SERVICE_DESCRIPTOR) private readonly descriptor: ServiceDescriptor,
    private readonly identifiers: PlexClientIdentifierRepository,
  ) {}

  api(): Promise<PlexTvApi> {
    this.client ??= this.build().catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    return this.client;
  }

  /** This installation's identifier, read once (a migration writes it and nothing changes it). */
  clientIdentifier(): Promise<string> {
    this.identifier ??= this.identifiers.read().catch((error: unknown) => {
      this.identifier = undefined;
      throw error;
    });
    return this.identifier;
  }

  private async build(): Promise<PlexTvApi> {
    return new PlexTvClient({
      baseUrl: this.config.CURATION_PLEX_TV_URL,
      clientIdentifier: await this.clientIdentifier(),
      product: PLEX_PRODUCT,
      version: this.descriptor.version,
    });
  }
}

/**
 * Awaits a plex.tv call, turning its failures into the API's errors (plexTvFailure).
 */
export async function askPlexTv<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw plexTvFailure(error);
  }
}

/** A refused account token is the caller's 401; anything else is plex.tv's failure (502, or 504). */
export function plexTvFailure(error: unknown): unknown {
  if (!(error instanceof MediaClientError)) return error;
  return error.code === 'unauthorized' ? AccessErrors.plexTokenInvalid() : AccessErrors.plexTvFailed(error);
}
