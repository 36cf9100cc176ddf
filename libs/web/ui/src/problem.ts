// The APIs answer errors as problem details (RFC 9457) with a stable `code`; the apps show `detail`
// (it names the problem) and keep the status for decisions such as "sign in again".

interface ProblemBody {
  readonly title?: unknown;
  readonly detail?: unknown;
  readonly code?: unknown;
}

export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'ProblemError';
  }

  static from(status: number, body: unknown): ProblemError {
    const problem = (typeof body === 'object' && body !== null ? body : {}) as ProblemBody;
    const text =
      typeof problem.detail === 'string'
        ? problem.detail
        : typeof problem.title === 'string'
          ? problem.title
          : `The server answered ${status}.`;
    return new ProblemError(status, typeof problem.code === 'string' ? problem.code : null, text);
  }
}

/** What to tell the reader about a failed request. */
export function problemMessage(error: unknown): string {
  if (error instanceof ProblemError) return error.message;
  if (error instanceof TypeError) return 'The server cannot be reached. Check your connection and try again.';
  return error instanceof Error ? error.message : String(error);
}
