// What an item is at a glance: protected, protection asked for, requested, below cutoff.
import type { CatalogItem } from '../api/types';

export function ItemBadges(props: { readonly item: CatalogItem }) {
  const { item } = props;
  return (
    <span className="badges">
      {item.isProtected ? (
        <span className="badge protected" title="Protected: never pruned">
          Protected
        </span>
      ) : null}
      {item.protectionRequested ? (
        <span className="badge requested" title="Someone asked to protect it">
          Protection asked
        </span>
      ) : null}
      {item.requestedBy.length > 0 ? (
        <span
          className="badge"
          title={`Requested by ${item.requestedBy.map((user) => user.username ?? 'an unknown user').join(', ')}`}
        >
          Requested
        </span>
      ) : null}
      {item.categories.includes('cutoff_unmet') ? <span className="badge warn">Below cutoff</span> : null}
    </span>
  );
}
