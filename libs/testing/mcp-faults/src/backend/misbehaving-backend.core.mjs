// The protocol engine of the misbehaving MCP backend, shared by its stdio executable and its
// plain-HTTP variant: a tiny MCP server (legacy era, `initialize` handshake) whose tools misbehave
// on purpose. Written from the MCP specification's message shapes (2024-11-05 … 2025-11-25).
// Plain JavaScript so that `node <file>` runs it without a build step.

export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
export const FALLBACK_PROTOCOL_VERSION = '2025-11-25';
export const SERVER_INFO = { name: 'misbehaving-backend', version: '1.0.0' };
/** Modes that can apply to every request (env MCP_FAULTS_MODE / option `mode`). */
export const MODES = ['slow', 'never', 'crash', 'malformed'];
export const GARBAGE_LINE = 'misbehaving-backend: this line is not JSON-RPC {';
const MAX_SLOW_MS = 600_000;

const text = (value) => ({ content: [{ type: 'text', text: value }] });
const failure = (value) => ({ content: [{ type: 'text', text: value }], isError: true });
const object = (properties, required = []) => ({ type: 'object', properties, required });

const TOOLS = [
  {
    name: 'echo',
    description: 'Answers with arguments.message.',
    inputSchema: object({ message: { type: 'string' } }, ['message']),
  },
  {
    name: 'slow',
    description: 'Answers after arguments.ms milliseconds.',
    inputSchema: object({ ms: { type: 'number', minimum: 0 } }, ['ms']),
  },
  { name: 'never', description: 'Never answers (until cancelled).', inputSchema: object({}) },
  {
    name: 'crash',
    description: 'Writes half a response, then the process exits with code 1.',
    inputSchema: object({}),
  },
  {
    name: 'malformed',
    description: 'Writes a line that is not JSON, then answers normally.',
    inputSchema: object({}),
  },
  {
    name: 'stderr',
    description: 'Writes lines to stderr, one with the API_KEY value.',
    inputSchema: object({}),
  },
  {
    name: 'notify',
    description: 'Sends progress and a log message, then answers after arguments.pauseMs (50 by default).',
    inputSchema: object({ pauseMs: { type: 'number', minimum: 0 } }),
  },
  {
    name: 'sample',
    description: 'Asks the client for a sampling/createMessage and answers with its reply.',
    inputSchema: object({ prompt: { type: 'string' } }, ['prompt']),
  },
];

const NEEDS_STDIO = new Set(['stderr', 'notify', 'sample']);

/** Tools a transport can offer: plain HTTP has neither a stderr nor a server-to-client channel. */
export function toolsFor(transport) {
  return TOOLS.filter((tool) => transport === 'stdio' || !NEEDS_STDIO.has(tool.name));
}

export function idKey(id) {
  return JSON.stringify(id);
}

/**
 * @param {import('./misbehaving-backend.core.mjs').MisbehavingBackendOptions} options
 * @param {import('./misbehaving-backend.core.mjs').MisbehavingBackendOutput} output
 */
export function createMisbehavingBackend(options, output) {
  const tools = toolsFor(options.transport);
  const pending = new Map(); // idKey of a client request → { cancel() }
  const awaitingClient = new Map(); // idKey of our own request → settle(response)
  let clientCapabilities = {};
  let nextRequestNumber = 1;

  const reply = (id, result) => output.message({ jsonrpc: '2.0', id, result }, idKey(id));
  const replyError = (id, code, message) =>
    output.message({ jsonrpc: '2.0', id, error: { code, message } }, idKey(id));

  /** Runs `answer` when due, unless the request is cancelled first; `never` registers but never runs. */
  function later(id, delayMs, answer) {
    const key = idKey(id);
    const due = () => {
      pending.delete(key);
      answer();
    };
    const timer = delayMs === undefined ? undefined : setTimeout(due, delayMs);
    pending.set(key, { cancel: () => clearTimeout(timer) });
  }

  /** The mode, when set, decides how every request is answered. */
  function answer(id, produce) {
    switch (options.mode) {
      case 'slow':
        return later(id, options.modeDelayMs ?? 1000, () => produce());
      case 'never':
        return later(id, undefined, () => undefined);
      case 'crash':
        return crash(id);
      case 'malformed':
        output.garbage(GARBAGE_LINE, idKey(id));
        return produce();
      default:
        return produce();
    }
  }

  function crash(id) {
    const line = JSON.stringify({ jsonrpc: '2.0', id, result: text('this answer is cut short') });
    output.crash(line.slice(0, Math.floor(line.length / 2)), idKey(id));
  }

  function initialize(id, params) {
    clientCapabilities = params?.capabilities ?? {};
    const requested = params?.protocolVersion;
    const protocolVersion = SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
      ? requested
      : FALLBACK_PROTOCOL_VERSION;
    reply(id, { protocolVersion, capabilities: { tools: {}, logging: {} }, serverInfo: SERVER_INFO });
  }

  function callTool(id, params) {
    const name = params?.name;
    const args = params?.arguments ?? {};
    if (!tools.some((tool) => tool.name === name))
      return replyError(id, -32602, `Unknown tool: ${String(name)}`);
    switch (name) {
      case 'echo':
        return reply(id, text(typeof args.message === 'string' ? args.message : JSON.stringify(args)));
      case 'slow': {
        const ms = args.ms;
        if (typeof ms !== 'number' || !(ms >= 0 && ms <= MAX_SLOW_MS)) {
          return replyError(id, -32602, `slow: arguments.ms must be a number from 0 to ${MAX_SLOW_MS}`);
        }
        return later(id, ms, () => reply(id, text(`slept ${ms} ms`)));
      }
      case 'never':
        return later(id, undefined, () => undefined);
      case 'crash':
        return crash(id);
      case 'malformed':
        output.garbage(GARBAGE_LINE, idKey(id));
        return reply(id, text('answered after a malformed line'));
      case 'stderr':
        output.stderr('misbehaving-backend: stderr line 1 of 3');
        output.stderr(`misbehaving-backend: authenticating with API key ${options.apiKey ?? '(unset)'}`);
        output.stderr('misbehaving-backend: stderr line 3 of 3');
        return reply(id, text('wrote 3 lines to stderr'));
      case 'notify':
        return notify(id, params, args);
      case 'sample':
        return sample(id, args);
      default:
        return replyError(id, -32602, `Unknown tool: ${String(name)}`);
    }
  }

  /**
   * The pause before the answer matters: the TypeScript SDK client dispatches notifications on a
   * microtask but responses at once, so progress read in the same chunk as the response is lost.
   */
  function notify(id, params, args) {
    const pauseMs =
      typeof args.pauseMs === 'number' && args.pauseMs >= 0 ? Math.min(args.pauseMs, MAX_SLOW_MS) : 50;
    const progressToken = params?._meta?.progressToken;
    if (progressToken !== undefined) {
      output.message({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken, progress: 1, total: 1, message: 'working' },
      });
    }
    output.message({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', logger: SERVER_INFO.name, data: 'notify tool is answering' },
    });
    const sent = progressToken === undefined ? 'sent a log message' : 'sent progress and a log message';
    later(id, pauseMs, () => reply(id, text(sent)));
  }

  function sample(id, args) {
    if (clientCapabilities.sampling === undefined)
      return reply(id, failure('the client did not declare the sampling capability'));
    const requestId = `misbehaving-${nextRequestNumber++}`;
    const key = idKey(id);
    let cancelled = false;
    pending.set(key, { cancel: () => (cancelled = true) });
    awaitingClient.set(idKey(requestId), (response) => {
      if (cancelled) return;
      pending.delete(key);
      if (response.error !== undefined)
        return reply(id, failure(`sampling failed: ${response.error.message}`));
      const content = Array.isArray(response.result?.content)
        ? response.result.content[0]
        : response.result?.content;
      reply(id, text(`client replied: ${content?.type === 'text' ? content.text : JSON.stringify(content)}`));
    });
    output.message({
      jsonrpc: '2.0',
      id: requestId,
      method: 'sampling/createMessage',
      params: {
        messages: [{ role: 'user', content: { type: 'text', text: String(args.prompt ?? '') } }],
        maxTokens: 64,
      },
    });
  }

  function handleRequest(id, method, params) {
    switch (method) {
      case 'initialize':
        return answer(id, () => initialize(id, params));
      case 'ping':
      case 'logging/setLevel':
        return answer(id, () => reply(id, {}));
      case 'tools/list':
        return answer(id, () => reply(id, { tools }));
      case 'tools/call':
        return answer(id, () => callTool(id, params));
      default:
        return answer(id, () => replyError(id, -32601, `Method not found: ${method}`));
    }
  }

  function handleNotification(method, params) {
    if (method !== 'notifications/cancelled') return; // initialized, roots/list_changed, … need nothing
    const key = idKey(params?.requestId);
    const entry = pending.get(key);
    if (entry === undefined) return; // already answered or unknown: the spec says ignore it
    pending.delete(key);
    entry.cancel();
    output.cancelled?.(key);
  }

  return {
    /** Handles one parsed JSON-RPC message from the client. */
    receive(message) {
      if (
        typeof message !== 'object' ||
        message === null ||
        Array.isArray(message) ||
        message.jsonrpc !== '2.0'
      ) {
        return replyError(message?.id ?? null, -32600, 'Invalid Request');
      }
      const hasId = 'id' in message;
      if (typeof message.method === 'string') {
        return hasId
          ? handleRequest(message.id, message.method, message.params)
          : handleNotification(message.method, message.params);
      }
      if (hasId) {
        const settle = awaitingClient.get(idKey(message.id));
        awaitingClient.delete(idKey(message.id));
        settle?.(message);
      }
    },
    /** Stops every pending timer: nothing more will be written. */
    close() {
      for (const entry of pending.values()) entry.cancel();
      pending.clear();
      awaitingClient.clear();
    },
  };
}
