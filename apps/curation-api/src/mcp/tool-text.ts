// How tool answers read for a model: sizes in binary units, one line per catalog item. The
// structured content beside the text carries the exact numbers.
import { formatBytes } from '../catalog/byte-size';
import type { CatalogItem } from '../catalog/catalog.service';

/** `The Matrix (1999) · movie · 42.0 GiB · 4K · 3 plays · protected · id movie-tmdb-603` */
export function itemLine(item: CatalogItem): string {
  const parts = [
    item.year === null ? item.title : `${item.title} (${item.year})`,
    item.mediaType,
    formatBytes(item.sizeBytes),
    item.resolution ?? 'no file',
    `${item.plays} ${item.plays === 1 ? 'play' : 'plays'}`,
  ];
  if (item.isProtected) parts.push('protected');
  if (item.protectionRequested) parts.push('protection requested');
  if (item.categories.length > 0) parts.push(`categories: ${item.categories.join(', ')}`);
  parts.push(`id ${item.id}`);
  return parts.join(' · ');
}
