// An item's poster for the web app's grid (docs/decisions/058): its artwork on the bound Plex
// server, read with the stored token through Plex's photo transcoder at one fixed size, so the
// token never reaches a browser. What is fetched comes from the item's row only (its `thumb`, a
// path on the bound server, checked against Plex's form), never from the request. The answer is
// checked to be an image (type and first bytes), bounded in size, and tagged with an ETag that
// names the server, the artwork's path (whose timestamp changes with the artwork) and the size, so
// a revalidation is answered without asking Plex.
import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MediaClientError } from '@platform/curation-media-clients';
import { MediaServerBindingRepository } from '../mediaserver/media-server-binding.repository';
import { PlexClients } from '../mediaserver/plex-clients';
import { CatalogDetailRepository } from './catalog-detail.repository';
import { CatalogErrors } from './catalog-errors';
import { CATALOG_ITEM_ID_MAX_LENGTH, CATALOG_ITEM_ID_PATTERN } from './catalog-item-id';

/** The size asked of Plex: a 2:3 tile twice as large as the grid shows it, for sharp high-DPI screens. */
export const POSTER_SIZE = { width: 240, height: 360 } as const;
/** A 240×360 JPEG poster is 20-60 KB; anything past this is not a poster. */
export const MAX_POSTER_BYTES = 1024 * 1024;
const POSTER_TIMEOUT_MS = 10_000;

/** The image types a poster may have, with how each file begins. */
const IMAGE_SIGNATURES: Readonly<Record<string, (bytes: Buffer) => boolean>> = {
  'image/jpeg': (bytes) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/png': (bytes) =>
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (bytes) =>
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Plex's artwork paths: `/library/metadata/{ratingKey}/thumb/{timestamp}`. */
const PLEX_THUMB = /^\/library\/metadata\/[0-9]{1,12}\/thumb(\/[0-9]{1,12})?$/;

export type PosterAnswer =
  | { readonly state: 'not-modified'; readonly etag: string }
  | { readonly state: 'image'; readonly etag: string; readonly contentType: string; readonly bytes: Buffer };

@Injectable()
export class CatalogPosterService {
  constructor(
    private readonly items: CatalogDetailRepository,
    private readonly bindings: MediaServerBindingRepository,
    private readonly clients: PlexClients,
  ) {}

  /** The poster of item `id`, or `not-modified` when `ifNoneMatch` names its current ETag. */
  async poster(id: string, ifNoneMatch: string | undefined): Promise<PosterAnswer> {
    const thumb = await this.thumbOf(id);
    const binding = await this.bindings.current();
    if (thumb === null || binding === null || !PLEX_THUMB.test(thumb)) throw CatalogErrors.posterNotFound(id);
    const etag = `"${createHash('sha256')
      .update(`${binding.machineIdentifier}\n${thumb}\n${POSTER_SIZE.width}x${POSTER_SIZE.height}`)
      .digest('base64url')
      .slice(0, 32)}"`;
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, etag)) return { state: 'not-modified', etag };

    const plex = await this.clients.photos(binding.baseUrl, binding.token);
    let photo;
    try {
      photo = await plex.getPhoto(thumb, POSTER_SIZE, {
        maxBytes: MAX_POSTER_BYTES,
        timeoutMs: POSTER_TIMEOUT_MS,
      });
    } catch (error) {
      if (!(error instanceof MediaClientError)) throw error;
      if (error.code === 'not-found') throw CatalogErrors.posterNotFound(id);
      throw CatalogErrors.posterUpstreamFailed(id, problemOf(error));
    }
    const contentType = (photo.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const isImage = IMAGE_SIGNATURES[contentType];
    if (isImage === undefined) {
      throw CatalogErrors.posterUpstreamFailed(
        id,
        'Plex answered something other than a JPEG, PNG or WebP image',
      );
    }
    if (!isImage(photo.bytes)) {
      throw CatalogErrors.posterUpstreamFailed(id, `Plex's answer is labelled ${contentType} but is not one`);
    }
    return { state: 'image', etag, contentType, bytes: photo.bytes };
  }

  /** The item's artwork path; null when it has none; a 404 for no such item (or no such id). */
  private async thumbOf(id: string): Promise<string | null> {
    if (id.length > CATALOG_ITEM_ID_MAX_LENGTH || !CATALOG_ITEM_ID_PATTERN.test(id)) {
      throw CatalogErrors.itemNotFound(id.slice(0, CATALOG_ITEM_ID_MAX_LENGTH));
    }
    const thumb = await this.items.thumbOf(id);
    if (thumb === undefined) throw CatalogErrors.itemNotFound(id);
    return thumb;
  }
}

/** `If-None-Match`: `*` or a list of tags, weak ones compared by their value (RFC 9110 8.8.3.2). */
function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** What failed, in words that carry neither the token nor Plex's answer. */
function problemOf(error: MediaClientError): string {
  switch (error.code) {
    case 'timeout':
      return 'Plex did not answer in time';
    case 'unreachable':
      return 'Plex could not be reached';
    case 'unauthorized':
      return 'Plex refused the stored token';
    case 'bad-answer':
      return `Plex answered something that is not a poster of at most ${MAX_POSTER_BYTES} bytes`;
    case 'bad-status':
      return `Plex answered HTTP ${error.status ?? 'with an error'}`;
    case 'not-found':
      return 'Plex has no such artwork';
    case 'wrong-app':
      return 'the bound URL does not answer as Plex';
  }
}
