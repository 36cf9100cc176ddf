// GET /api/v1/catalog/{id}/poster (any signed-in caller, Guests too): the item's poster from the
// bound Plex server, for the web app's grid (docs/decisions/058). Cached privately for an hour and
// revalidated by ETag; the Plex token stays on the server.
import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { SignedIn } from '../access/curation-roles';
import { CatalogPosterService, MAX_POSTER_BYTES, POSTER_SIZE } from './catalog-poster.service';

/** Posters change only when Plex's artwork does (a sync brings the new path): an hour, then a cheap 304. */
const CACHE_CONTROL = 'private, max-age=3600';
const IMAGE = { schema: { type: 'string', format: 'binary' } } as const;

@ApiTags('catalog')
@Controller('api/v1/catalog')
@SignedIn()
export class CatalogPosterController {
  constructor(private readonly posters: CatalogPosterService) {}

  @Get(':id/poster')
  @ApiOperation({
    summary: `The item's poster from the bound Plex server, about ${POSTER_SIZE.width}×${POSTER_SIZE.height} pixels (2:3)`,
    description:
      'Read from Plex with the stored token, which never reaches the caller. Answers carry `Cache-Control: private` and an `ETag`; `If-None-Match` with it answers 304.',
  })
  @ApiProduces('image/jpeg', 'image/png', 'image/webp')
  @ApiOkResponse({
    description: `A JPEG, PNG or WebP image of at most ${MAX_POSTER_BYTES} bytes.`,
    content: { 'image/jpeg': IMAGE, 'image/png': IMAGE, 'image/webp': IMAGE },
  })
  @ApiResponse({ status: 304, description: '`If-None-Match` names the current poster.' })
  @ApiNotFoundResponse({
    description:
      'No catalog item has this id (catalog.item-not-found), or it has no poster on the bound server (catalog.poster-not-found).',
  })
  @ApiBadGatewayResponse({
    description:
      'Plex failed, timed out, or answered something other than an image within the size limit (catalog.poster-upstream-failed).',
  })
  async poster(
    @Param('id') id: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const answer = await this.posters.poster(id, ifNoneMatch);
    response.setHeader('Cache-Control', CACHE_CONTROL);
    response.setHeader('ETag', answer.etag);
    if (answer.state === 'not-modified') {
      response.status(304).end();
      return;
    }
    response.status(200);
    response.setHeader('Content-Type', answer.contentType);
    response.setHeader('Content-Length', String(answer.bytes.length));
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.end(answer.bytes);
  }
}
