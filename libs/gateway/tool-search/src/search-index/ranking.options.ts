// Parameters of the BM25F ranking. The defaults were chosen on the tuning sets of the labelled queries
// (last by a coordinate grid over five of them, checked on a sixth nobody had tuned on) and measured on
// the held-out sets (docs/decisions/013-meta-mode-tool-search.md); production uses them as they are,
// the evaluation harness overrides them to measure alternatives.
import type { ToolField } from './tool-fields';

export interface RankingOptions {
  /** BM25F field weights: how much one occurrence in the field counts. */
  readonly fieldWeights: Readonly<Record<ToolField, number>>;
  /** BM25F length normalization per field (0: none, 1: full). */
  readonly lengthNormalization: Readonly<Record<ToolField, number>>;
  /** BM25 term-frequency saturation. */
  readonly k1: number;
  /** Weight of a synonym match relative to the query word itself. */
  readonly synonymWeight: number;
  /** Weight of a related-word match (one-way, looser than a synonym). */
  readonly relatedWeight: number;
  /** Weight of a prefix match (last query word) relative to an exact match, for equal lengths. */
  readonly prefixWeight: number;
  /** Weight of a match at edit distance 1; distance 2 counts half of it. */
  readonly fuzzyWeight: number;
  /** Weight of terms that only occur in argument-shaped words (paths, e-mails, numbers, keys). */
  readonly argumentWeight: number;
  /**
   * Name coverage: a tool's score is multiplied by `1 + nameCoverageWeight × c`, where c is the share
   * of its name's words the query contains, so "list issues" prefers `list_issues` to
   * `list_issue_comments`.
   */
  readonly nameCoverageWeight: number;
  /**
   * Server hints: the tools of a server whose id or display name the query contains ("…in Jira")
   * have their score multiplied by `1 + serverHintWeight`.
   */
  readonly serverHintWeight: number;
  /** Leading action: a tool whose name's action word is the query's first word of need gets `× (1 + λ)`. */
  readonly leadingActionWeight: number;
  /**
   * Action intent: a tool whose name's action contradicts the action the query asks for (`create_*`
   * for "delete…", `update_*` for a question) has its score divided by `1 + actionIntentWeight`.
   */
  readonly actionIntentWeight: number;
  /**
   * Value kinds: when the query carries values of known kinds (a path, a URL, an address, a handle,
   * a channel, an issue key, a version, a host, a date), a tool's score is multiplied by
   * `1 + valueKindWeight × (share of those kinds its parameters take)` (`value-kinds.ts`).
   */
  readonly valueKindWeight: number;
}

export const DEFAULT_RANKING_OPTIONS: RankingOptions = {
  fieldWeights: {
    name: 4,
    server: 2,
    title: 2,
    description: 1,
    summary: 1,
    parameterNames: 1,
    parameterDescriptions: 0.5,
  },
  lengthNormalization: {
    name: 0.5,
    server: 0.5,
    title: 0.5,
    description: 0.5,
    summary: 0.5,
    parameterNames: 0.5,
    parameterDescriptions: 0.5,
  },
  k1: 0.9,
  synonymWeight: 0.5,
  relatedWeight: 0.45,
  prefixWeight: 0.6,
  fuzzyWeight: 0.4,
  argumentWeight: 0.25,
  nameCoverageWeight: 0.3,
  serverHintWeight: 0.3,
  leadingActionWeight: 0.25,
  actionIntentWeight: 0.35,
  valueKindWeight: 0.5,
};

export type RankingOverrides = Partial<
  Omit<RankingOptions, 'fieldWeights' | 'lengthNormalization'> & {
    fieldWeights: Partial<Record<ToolField, number>>;
    lengthNormalization: Partial<Record<ToolField, number>>;
  }
>;

export function rankingOptionsWith(overrides: RankingOverrides = {}): RankingOptions {
  return {
    ...DEFAULT_RANKING_OPTIONS,
    ...overrides,
    fieldWeights: { ...DEFAULT_RANKING_OPTIONS.fieldWeights, ...overrides.fieldWeights },
    lengthNormalization: { ...DEFAULT_RANKING_OPTIONS.lengthNormalization, ...overrides.lengthNormalization },
  };
}
