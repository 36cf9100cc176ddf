import { FIFTH_TUNING_QUERIES } from './fifth-tuning.queries';
import { FOURTH_TUNING_QUERIES } from './fourth-tuning.queries';
import { FRESH_TUNING_QUERIES } from './fresh-tuning.queries';
import { INDEPENDENT_HELDOUT_QUERIES } from './independent-heldout.queries';
import { LABELED_QUERIES } from './labeled-queries';
import { describeQuerySet } from './query-set.spec-helpers';
import { SIXTH_TUNING_QUERIES } from './sixth-tuning.queries';
import { THIRD_TUNING_QUERIES } from './third-tuning.queries';

describeQuerySet({
  name: 'sixth tuning queries',
  queries: SIXTH_TUNING_QUERIES,
  size: 160,
  idPrefix: 'sixth-',
  split: 'tune',
  others: [
    ...LABELED_QUERIES,
    ...FRESH_TUNING_QUERIES,
    ...INDEPENDENT_HELDOUT_QUERIES,
    ...THIRD_TUNING_QUERIES,
    ...FOURTH_TUNING_QUERIES,
    ...FIFTH_TUNING_QUERIES,
  ],
  minOpen: 90,
  minFiltered: 15,
});
