// The catalog as a table: a header row, then only the rows in view. Each row can be selected for
// the batch bar and opened for its details; rows are links, so they also work from the keyboard.
import { formatBytes, formatRelative, Link, VirtualRows } from '@platform/web-ui';
import { memo } from 'react';
import type { CatalogItem } from '../api/types';
import { ItemBadges } from './item-badges';

const ROW_HEIGHT = 52;

export function ItemTable(props: {
  readonly items: readonly CatalogItem[];
  readonly total: number;
  readonly selected: ReadonlySet<string>;
  readonly onToggle: (id: string) => void;
  readonly onNearEnd: () => void;
  readonly itemHref: (id: string) => string;
}) {
  return (
    <div className="item-table" role="table" aria-label="Catalog" aria-rowcount={props.total + 1}>
      <div role="rowgroup">
        <div className="item-row header" role="row" aria-rowindex={1}>
          <span role="columnheader" className="cell select">
            <span className="visually-hidden">Selected</span>
          </span>
          <span role="columnheader" className="cell title">
            Title
          </span>
          <span role="columnheader" className="cell size">
            Size
          </span>
          <span role="columnheader" className="cell resolution">
            Quality
          </span>
          <span role="columnheader" className="cell plays">
            Plays
          </span>
          <span role="columnheader" className="cell watched">
            Last watched
          </span>
          <span role="columnheader" className="cell added">
            Added
          </span>
        </div>
      </div>
      <VirtualRows
        role="rowgroup"
        rowRole="row"
        rowIndexOffset={1}
        count={props.items.length}
        rowHeight={ROW_HEIGHT}
        onNearEnd={props.onNearEnd}
        renderRow={(index) => {
          const item = props.items[index];
          return item === undefined ? null : (
            <ItemRow
              item={item}
              checked={props.selected.has(item.id)}
              onToggle={props.onToggle}
              href={props.itemHref(item.id)}
            />
          );
        }}
      />
    </div>
  );
}

/** One row; memoized, so a scroll renders only the rows that come into view. */
const ItemRow = memo(function ItemRow(props: {
  readonly item: CatalogItem;
  readonly checked: boolean;
  readonly onToggle: (id: string) => void;
  readonly href: string;
}) {
  const { item, checked } = props;
  return (
    <div className={checked ? 'item-row selected' : 'item-row'}>
      <span role="cell" className="cell select">
        <input
          type="checkbox"
          checked={checked}
          aria-label={`Select ${item.title}`}
          onChange={() => props.onToggle(item.id)}
        />
      </span>
      <span role="cell" className="cell title">
        <Link href={props.href} className="item-link">
          {item.title}
        </Link>
        <span className="muted">
          {item.year ?? '—'} · {item.mediaType === 'movie' ? 'Movie' : 'Series'}
        </span>
        <ItemBadges item={item} />
      </span>
      <span role="cell" className="cell size">
        {formatBytes(item.sizeBytes)}
      </span>
      <span role="cell" className="cell resolution">
        {item.resolution ?? '—'}
      </span>
      <span role="cell" className="cell plays">
        {item.plays}
      </span>
      <span role="cell" className="cell watched">
        {formatRelative(item.lastWatchedAt)}
      </span>
      <span role="cell" className="cell added">
        {formatRelative(item.addedAt)}
      </span>
    </div>
  );
});
