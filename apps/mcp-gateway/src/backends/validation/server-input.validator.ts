// Turns a backend server record from the declarative file or the administration API into the
// normalized `BackendServerDefinition`, or into the full list of what is wrong with it.
import type { BackendServerDefinition } from '../backend-server';
import { authHeaderName, readAuthSettings } from './auth-settings.validator';
import { readExtraHeaders } from './extra-headers.validator';
import { describeType, isPlainRecord } from './input-value.helpers';
import {
  DEFAULT_MAX_REQUEST_TIMEOUT_SECONDS,
  readBoolean,
  readRequestTimeoutMs,
} from './scalar-field.readers';
import { readSecretSettings } from './secret-settings.validator';
import { collectServerFields } from './server-input-fields';
import {
  readAlias,
  readCategories,
  readDisplayName,
  readServerId,
  readTransport,
} from './server-identity.validator';
import type { ServerInputOptions, ServerInputValidation } from './server-input.types';
import { readServerUrl } from './server-url.validator';

/** Never throws: every mistake, including a value that is not an object, is a problem. */
export function validateServerInput(raw: unknown, options: ServerInputOptions = {}): ServerInputValidation {
  try {
    return validateRecord(raw, options);
  } catch {
    // Parsed JSON or YAML cannot throw here; getters and proxies can, and the contract is "never throws".
    return { ok: false, problems: ['server: could not be read as plain data'] };
  }
}

function validateRecord(raw: unknown, options: ServerInputOptions): ServerInputValidation {
  if (!isPlainRecord(raw)) {
    const got =
      typeof raw === 'object' && raw !== null && !Array.isArray(raw)
        ? 'an instance of a class'
        : describeType(raw);
    return { ok: false, problems: [`server: must be a plain object of server fields, not ${got}`] };
  }
  const problems: string[] = [];
  const fields = collectServerFields(raw, problems);
  const id = readServerId(fields.id, problems);
  const type = readTransport(fields.type, problems);
  const url = readServerUrl(fields.url, type, options, problems);
  const displayName = readDisplayName(fields.displayName, problems) ?? id;
  const alias = readAlias(fields.alias, id, problems);
  const categories = readCategories(fields.categories, problems);
  const enabled = readBoolean(fields.enabled, true, problems);
  const hidden = readBoolean(fields.hidden, false, problems);
  const secret = readSecretSettings(fields, type, problems);
  const auth = readAuthSettings(fields, problems);
  const headerContext = { type, secretProvider: secret.secretProvider, authHeader: authHeaderName(auth) };
  const headers = readExtraHeaders(fields.headers, headerContext, problems);
  const allowPassThroughAuth = readBoolean(fields.allowPassThroughAuth, false, problems);
  const maxSeconds = options.maxRequestTimeoutSeconds ?? DEFAULT_MAX_REQUEST_TIMEOUT_SECONDS;
  const requestTimeoutMs = readRequestTimeoutMs(fields.requestTimeout, maxSeconds, problems);
  if (problems.length > 0 || type === undefined) {
    return { ok: false, problems };
  }
  const server: BackendServerDefinition = {
    id,
    displayName,
    ...(alias === undefined ? {} : { alias }),
    url,
    type,
    categories,
    enabled,
    hidden,
    ...secret,
    ...auth,
    headers,
    allowPassThroughAuth,
    requestTimeoutMs,
  };
  return { ok: true, server };
}
