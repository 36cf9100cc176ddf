// Collects the values of one SQL statement and hands out their placeholders, so query text is
// built from fixed fragments only and every value (user input or setting) travels as a parameter.
export class SqlParameters {
  readonly values: unknown[] = [];

  /** The placeholder (`$n`) of a new parameter holding `value`. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
