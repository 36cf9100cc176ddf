// The one error this library throws: a caller handed generateAppKey an invalid explicit slug.
// Parsing and verification never throw; they return results.

export enum AppKeyErrorCode {
  InvalidScopeSlug = 'invalid-scope-slug',
}

export class AppKeyError extends Error {
  readonly code: AppKeyErrorCode;

  constructor(code: AppKeyErrorCode, message: string) {
    super(message);
    this.name = 'AppKeyError';
    this.code = code;
  }
}
