// Shapes returned by the AppKey parser and generator.

export interface ParsedAppKey {
  readonly scopeSlug: string;
  readonly selector: string;
  readonly secret: string;
  /** `mcp-<scopeSlug>-<selector>`: the indexed KeyPrefix column used to find the key's row. */
  readonly keyPrefix: string;
}

export type AppKeyParseFailure = 'not-a-string' | 'too-long' | 'malformed' | 'bad-checksum';

export type AppKeyParseResult =
  | { readonly ok: true; readonly key: ParsedAppKey }
  | { readonly ok: false; readonly reason: AppKeyParseFailure };

export interface GeneratedAppKey {
  /** The plaintext key: shown to its owner once, never stored. */
  readonly key: string;
  readonly keyPrefix: string;
  /** SHA-256 of `key`, 64 lowercase hex: the only form of the key that is stored. */
  readonly digest: string;
  readonly scopeSlug: string;
  readonly selector: string;
}
