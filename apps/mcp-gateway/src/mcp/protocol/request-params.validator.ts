// Validation of MCP requests at the edge with the MCP SDK's own schemas (the spec's types), before
// any view reads their params: a `params.name` that is an object, a `ref` that is null or params
// that are an array get -32602 naming the field, instead of reaching code that trusts the types.
// A method the gateway does not know is checked against the spec's base request (params an object,
// `_meta` an object), and then answered "Method not found" in every view. What passes is a
// ValidatedRequest, whose params the views read through `paramsOf` with the SDK's types.
import { type ClientRequest, specTypeSchemas } from '@modelcontextprotocol/server';
import { JsonRpcErrorMessage, type JsonRpcRequest, type JsonRpcResponse } from '@platform/jsonrpc';
import { jsonRpcErrorFor } from './mcp-error-responses';

type RequestSchema = (typeof specTypeSchemas)['CallToolRequest'];

interface Issue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
}

/** At most this many problems are listed in the error's data. */
const MAX_ISSUES = 5;

/** The SDK's schema for each request method a client may send, by method. */
const REQUEST_SCHEMAS: ReadonlyMap<string, RequestSchema> = new Map<string, RequestSchema>([
  ['initialize', specTypeSchemas.InitializeRequest],
  ['server/discover', specTypeSchemas.DiscoverRequest],
  ['ping', specTypeSchemas.PingRequest],
  ['tools/list', specTypeSchemas.ListToolsRequest],
  ['tools/call', specTypeSchemas.CallToolRequest],
  ['prompts/list', specTypeSchemas.ListPromptsRequest],
  ['prompts/get', specTypeSchemas.GetPromptRequest],
  ['resources/list', specTypeSchemas.ListResourcesRequest],
  ['resources/templates/list', specTypeSchemas.ListResourceTemplatesRequest],
  ['resources/read', specTypeSchemas.ReadResourceRequest],
  ['resources/subscribe', specTypeSchemas.SubscribeRequest],
  ['resources/unsubscribe', specTypeSchemas.UnsubscribeRequest],
  ['completion/complete', specTypeSchemas.CompleteRequest],
  ['logging/setLevel', specTypeSchemas.SetLevelRequest],
  ['tasks/get', specTypeSchemas.GetTaskRequest],
  ['tasks/result', specTypeSchemas.GetTaskPayloadRequest],
  ['tasks/cancel', specTypeSchemas.CancelTaskRequest],
  ['tasks/list', specTypeSchemas.ListTasksRequest],
] as Array<[string, RequestSchema]>);

declare const validated: unique symbol;

/** A request whose params fit its method's schema in the SDK: only `validateRequest` makes one. */
export type ValidatedRequest = JsonRpcRequest & { readonly [validated]: true };

export type ClientMethod = ClientRequest['method'];

type ParamsByMethod = { readonly [R in ClientRequest as R['method']]: R['params'] };

/** The params of a `method` request, as the SDK's schema for it types them. */
export type ParamsOf<M extends ClientMethod> = ParamsByMethod[M];

export type RequestValidation = { readonly valid: ValidatedRequest } | { readonly invalid: JsonRpcResponse };

export function validateRequest(request: JsonRpcRequest): RequestValidation {
  const invalid = invalidParams(request);
  return invalid === undefined ? { valid: request as ValidatedRequest } : { invalid };
}

/** The request's params typed by its method's schema; undefined when the request is for another method. */
export function paramsOf<M extends ClientMethod>(
  request: ValidatedRequest,
  method: M,
): ParamsOf<M> | undefined {
  if (request.method !== method) return undefined;
  // The brand says these params passed the schema of the request's own method.
  const params: unknown = request.params;
  return params as ParamsOf<M>;
}

/** Undefined when the request's params fit its method's schema, else the -32602 answer. */
function invalidParams(request: JsonRpcRequest): JsonRpcResponse | undefined {
  const schema = REQUEST_SCHEMAS.get(request.method) ?? specTypeSchemas.Request;
  const outcome = schema['~standard'].validate({
    method: request.method,
    ...(request.params === undefined ? {} : { params: request.params }),
  }) as { readonly issues?: readonly Issue[] };
  const issues = outcome.issues;
  if (issues === undefined || issues.length === 0) return undefined;
  const described = issues.slice(0, MAX_ISSUES).map(describe);
  return jsonRpcErrorFor('InvalidParams', request.id, {
    message: `${JsonRpcErrorMessage.InvalidParams}: ${described[0]?.field}: ${described[0]?.problem}`,
    data: { issues: described },
  });
}

function describe(issue: Issue): { field: string; problem: string } {
  let field = '';
  for (const segment of issue.path ?? []) {
    const key = typeof segment === 'object' ? segment.key : segment;
    field += typeof key === 'number' ? `[${key}]` : `${field === '' ? '' : '.'}${String(key)}`;
  }
  return {
    field: clip(field === '' ? 'request' : field),
    problem: clip(issue.message.replace(/^Invalid input: /, '')),
  };
}

/** A field path can hold a client's own keys: it is echoed, but not at any length. */
function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
