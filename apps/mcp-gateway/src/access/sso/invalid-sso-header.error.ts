// Raised while parsing trusted SSO headers that are present but unusable (repeated,
// malformed, too long). readProxyIdentity turns it into an `invalid` result; it never
// escapes this folder.

export class InvalidSsoHeaderError extends Error {
  /**
   * @param header the header's documented spelling, e.g. `Remote-User`
   * @param message a sentence naming the header; it never repeats the header's value
   */
  constructor(
    readonly header: string,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidSsoHeaderError';
  }
}
