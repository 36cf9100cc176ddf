// The catalog item the pruning unit tests plan and prune: a movie as the catalog holds it.
import type { PruneItem } from './prune-plan';

export const MATRIX: PruneItem = {
  id: 'movie-tmdb-603',
  mediaType: 'movie',
  title: 'The Matrix',
  year: 1999,
  tmdbId: 603,
  tvdbId: null,
  imdbId: null,
  sizeBytes: 100,
};
