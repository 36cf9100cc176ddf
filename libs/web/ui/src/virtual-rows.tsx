// A long list that renders only the rows in view (plus a few), scrolling with the page itself, so
// 100,000 rows cost what 30 do. When the reader nears the last loaded row, `onNearEnd` asks for the
// next page. Rows have one fixed height, known up front: no measuring, no jumps while scrolling.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface VirtualRowsProps {
  /** Rows that can be rendered now. */
  readonly count: number;
  readonly rowHeight: number;
  readonly renderRow: (index: number) => ReactNode;
  /** Called when the last rendered row is within `nearEnd` rows of `count`. */
  readonly onNearEnd?: () => void;
  readonly nearEnd?: number;
  readonly className?: string;
  readonly role?: string;
  readonly label?: string;
  /** ARIA role of each row's box (`row` inside a table's `rowgroup`); its aria-rowindex follows. */
  readonly rowRole?: string;
  /** Rows above the first virtual one (a table's header row), for aria-rowindex. */
  readonly rowIndexOffset?: number;
}

export function VirtualRows(props: VirtualRowsProps) {
  const container = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(container.current?.offsetTop ?? 0);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: props.count,
    estimateSize: () => props.rowHeight,
    overscan: 8,
    scrollMargin: offset,
  });
  const rows = virtualizer.getVirtualItems();
  const last = rows.at(-1)?.index ?? -1;
  const { onNearEnd, count } = props;
  const nearEnd = props.nearEnd ?? 20;
  useEffect(() => {
    if (onNearEnd !== undefined && count > 0 && last >= count - nearEnd) onNearEnd();
  }, [last, count, nearEnd, onNearEnd]);
  return (
    <div
      ref={container}
      className={props.className}
      role={props.role}
      aria-label={props.label}
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {rows.map((row) => (
        <div
          key={row.key}
          role={props.rowRole}
          aria-rowindex={
            props.rowRole === undefined ? undefined : row.index + 1 + (props.rowIndexOffset ?? 0)
          }
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            height: row.size,
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
          }}
        >
          {props.renderRow(row.index)}
        </div>
      ))}
    </div>
  );
}
