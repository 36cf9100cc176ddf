// The catalog as cards with posters, as many per row as the width allows; rows of cards are
// virtualized like the table's rows, so the grid scrolls through 100,000 items as smoothly.
import { formatBytes, Link, VirtualRows } from '@platform/web-ui';
import { useEffect, useRef, useState } from 'react';
import type { CatalogItem } from '../api/types';
import { ItemBadges } from './item-badges';
import { ItemPoster } from './item-poster';

const CARD_WIDTH = 240;
const ROW_HEIGHT = 150;

export function ItemGrid(props: {
  readonly items: readonly CatalogItem[];
  readonly selected: ReadonlySet<string>;
  readonly onToggle: (id: string) => void;
  readonly onNearEnd: () => void;
  readonly itemHref: (id: string) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(2);
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? CARD_WIDTH;
      setColumns(Math.max(1, Math.floor(width / CARD_WIDTH)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const rows = Math.ceil(props.items.length / columns);
  return (
    <div ref={box} className="item-grid" aria-label="Catalog">
      <VirtualRows
        role="list"
        count={rows}
        rowHeight={ROW_HEIGHT}
        nearEnd={Math.ceil(20 / columns)}
        onNearEnd={props.onNearEnd}
        renderRow={(row) => (
          <div className="grid-row" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
            {props.items.slice(row * columns, row * columns + columns).map((item) => {
              const checked = props.selected.has(item.id);
              return (
                <article key={item.id} role="listitem" className={checked ? 'card selected' : 'card'}>
                  <ItemPoster item={item} />
                  <div className="card-body">
                    <Link href={props.itemHref(item.id)} className="item-link card-title">
                      {item.title}
                    </Link>
                    <span className="muted">
                      {item.year ?? '—'} · {item.resolution ?? 'no file'} · {formatBytes(item.sizeBytes)}
                    </span>
                    <span className="muted">
                      {item.plays} {item.plays === 1 ? 'play' : 'plays'}
                    </span>
                    <ItemBadges item={item} />
                  </div>
                  <label className="card-select">
                    <input type="checkbox" checked={checked} onChange={() => props.onToggle(item.id)} />
                    <span className="visually-hidden">Select {item.title}</span>
                  </label>
                </article>
              );
            })}
          </div>
        )}
      />
    </div>
  );
}
