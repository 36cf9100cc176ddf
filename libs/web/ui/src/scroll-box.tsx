// A box that scrolls sideways when its table is wider than the screen; focusable and named, so
// keyboard users can scroll it too.
import type { ReactNode } from 'react';

export function ScrollBox(props: { readonly label: string; readonly children: ReactNode }) {
  return (
    // A focusable region is how keyboard users scroll it (axe: scrollable-region-focusable).
    <div className="table-scroll" role="region" aria-label={props.label} tabIndex={0}>
      {props.children}
    </div>
  );
}
