// What a tool call answered: its text content and structured content, marked when the tool itself
// reported an error; or the JSON-RPC error, and for a denial the pipeline's explanation: the layer
// that refused, why, and which scope or allow policy would let the call through.
import type { McpAnswer } from '../api/mcp';

interface Explanation {
  readonly layer?: unknown;
  readonly reason?: unknown;
  readonly hint?: unknown;
  readonly scopes?: unknown;
  readonly allowPolicy?: { readonly requiredGroups?: unknown; readonly targetIds?: unknown };
}

export function McpResult(props: { readonly answer: McpAnswer }) {
  const { answer } = props;
  if (!answer.ok) {
    const explanation = (
      typeof answer.error.data === 'object' && answer.error.data !== null ? answer.error.data : {}
    ) as Explanation;
    return (
      <div className="result result-error" role="alert" data-testid="bench-result">
        <p>
          <strong>Refused:</strong> {answer.error.message}{' '}
          <span className="muted">(code {answer.error.code})</span>
        </p>
        {typeof explanation.layer === 'string' ? (
          <dl className="facts" data-testid="denial-explanation">
            <dt>Layer</dt>
            <dd>{explanation.layer}</dd>
            {typeof explanation.reason === 'string' ? (
              <>
                <dt>Reason</dt>
                <dd>{explanation.reason}</dd>
              </>
            ) : null}
            {typeof explanation.hint === 'string' ? (
              <>
                <dt>What to do</dt>
                <dd>{explanation.hint}</dd>
              </>
            ) : null}
            {Array.isArray(explanation.scopes) ? (
              <>
                <dt>Scopes that would pass</dt>
                <dd>{explanation.scopes.map(String).join(', ')}</dd>
              </>
            ) : null}
            {explanation.allowPolicy !== undefined ? (
              <>
                <dt>An allow policy that would grant it</dt>
                <dd>
                  target {list(explanation.allowPolicy.targetIds)} for group{' '}
                  {list(explanation.allowPolicy.requiredGroups)}
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </div>
    );
  }
  const result = (answer.result ?? {}) as {
    content?: unknown[];
    structuredContent?: unknown;
    isError?: boolean;
  };
  return (
    <div
      className={result.isError === true ? 'result result-error' : 'result'}
      role="status"
      data-testid="bench-result"
    >
      <p>
        <strong>{result.isError === true ? 'The tool reported an error' : 'Result'}</strong>
      </p>
      {(result.content ?? []).map((block, index) => (
        <ContentBlock key={index} block={block} />
      ))}
      {result.structuredContent === undefined ? null : (
        <details>
          <summary>Structured content</summary>
          <pre>{JSON.stringify(result.structuredContent, null, 2)}</pre>
        </details>
      )}
    </div>
  );
}

function ContentBlock(props: { readonly block: unknown }) {
  const block = (props.block ?? {}) as { type?: unknown; text?: unknown; mimeType?: unknown };
  if (block.type === 'text' && typeof block.text === 'string') return <pre>{block.text}</pre>;
  return (
    <p className="muted">
      {String(block.type ?? 'content')} {typeof block.mimeType === 'string' ? `(${block.mimeType})` : ''}
    </p>
  );
}

function list(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(' or ') : '—';
}
