// The ten smart categories with their counts and reclaimable size; each one's rule in words comes
// from the API, which builds it from the same settings its SQL uses.
import { formatBytes } from '@platform/web-ui';
import type { CategorySummary } from '../api/types';
import type { CategoryId } from './filters';

export function CategoryPicker(props: {
  readonly categories: readonly CategorySummary[] | undefined;
  readonly selected: CategoryId | undefined;
  readonly onSelect: (id: CategoryId | undefined) => void;
}) {
  const current = props.categories?.find((category) => category.id === props.selected);
  return (
    <section className="categories" aria-label="Categories">
      <div className="category-list" role="radiogroup" aria-label="Category">
        <CategoryChoice
          label="Everything"
          detail=""
          description="Everything"
          checked={props.selected === undefined}
          onSelect={() => props.onSelect(undefined)}
        />
        {(props.categories ?? []).map((category) => (
          <CategoryChoice
            key={category.id}
            label={category.name}
            detail={`${category.count.toLocaleString()} · ${formatBytes(category.reclaimableSizeBytes)}`}
            description={`${category.name}: ${category.count.toLocaleString()} items, ${formatBytes(category.reclaimableSizeBytes)} reclaimable`}
            checked={props.selected === category.id}
            onSelect={() => props.onSelect(category.id)}
          />
        ))}
      </div>
      {current === undefined ? null : (
        <p className="category-rule">
          <strong>{current.name}:</strong> {current.description} {current.count.toLocaleString()} items,{' '}
          {formatBytes(current.sizeBytes)} on disk, {formatBytes(current.reclaimableSizeBytes)} reclaimable.
        </p>
      )}
    </section>
  );
}

function CategoryChoice(props: {
  readonly label: string;
  readonly detail: string;
  /** The choice's accessible name: the visible text, in words. */
  readonly description: string;
  readonly checked: boolean;
  readonly onSelect: () => void;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={props.checked}
      aria-label={props.description}
      className={props.checked ? 'category selected' : 'category'}
      onClick={props.onSelect}
    >
      <span className="category-name">{props.label}</span>
      {props.detail === '' ? null : <span className="category-detail">{props.detail}</span>}
    </button>
  );
}
