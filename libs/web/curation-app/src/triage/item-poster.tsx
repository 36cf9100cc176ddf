// An item's poster in a grid card, from the API's poster route (the Plex token stays on the
// server). The box has a fixed 2:3 size before the image arrives, so virtualized rows never move;
// the image loads lazily; an item without a poster, or one that fails to load, shows a tile with
// the title's first letter instead.
import { useState } from 'react';
import { posterUrl } from '../api/client';
import type { CatalogItem } from '../api/types';

export function ItemPoster(props: { readonly item: CatalogItem }) {
  const [failed, setFailed] = useState(false);
  const { item } = props;
  return (
    <div className="card-poster">
      {failed ? (
        <div className="poster-fallback" role="img" aria-label={`No poster for ${item.title}`}>
          {Array.from(item.title.trim())[0]?.toUpperCase() ?? '?'}
        </div>
      ) : (
        <img
          src={posterUrl(item.id)}
          alt={`Poster of ${item.title}`}
          width={80}
          height={120}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}
