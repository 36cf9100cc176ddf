import fc from 'fast-check';
import { isValidServerId } from '@platform/scopes';
import { BACKEND_TRANSPORTS } from '../backend-server';
import { RESERVED_SERVER_IDS, isReservedServerId } from './reserved-server-ids.constants';
import { SERVER_INPUT_FIELD_NAMES } from './server-input-fields';
import { validateServerInput } from './server-input.validator';

const fieldNames = Object.values(SERVER_INPUT_FIELD_NAMES).flat();
/** A field name, plain or as a JSON string literal, then the message. */
const FIELD_PROBLEM = /^(?:[\w.$-]+|"(?:[^"\\]|\\.)*…?"): \S/;

/** Records built mostly from real field names, so validation gets past the unknown-field check. */
const nearlyValidRecord = fc.record(
  {
    id: fc.oneof(
      fc.constantFrom(...RESERVED_SERVER_IDS),
      fc.stringMatching(/^[a-z0-9_.-]{0,70}$/),
      fc.string(),
    ),
    type: fc.oneof(fc.constantFrom(...BACKEND_TRANSPORTS), fc.string()),
    url: fc.oneof(fc.webUrl({ withQueryParameters: true }), fc.string()),
    displayName: fc.string(),
    category: fc.oneof(fc.string(), fc.json()),
    enabled: fc.oneof(fc.boolean(), fc.jsonValue()),
    headersJson: fc.oneof(
      fc.json(),
      fc.dictionary(fc.string(), fc.string()).map((headers) => JSON.stringify(headers)),
    ),
    requestTimeout: fc.oneof(fc.double(), fc.jsonValue()),
    secretProvider: fc.constantFrom('None', 'Environment', 'File', 'Vault', 'vault', 'x'),
    secretItemKey: fc.string(),
  },
  { requiredKeys: [] },
);

describe('validateServerInput properties', () => {
  it('never throws on arbitrary JSON, and answers ok or a non-empty list of field problems', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...fieldNames, '__proto__'), fc.jsonValue())),
        (raw) => {
          const result = validateServerInput(raw);
          return (
            result.ok ||
            (result.problems.length > 0 && result.problems.every((problem) => FIELD_PROBLEM.test(problem)))
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never throws on text parsed as JSON (own "__proto__" keys included)', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        const result = validateServerInput(JSON.parse(text));
        return typeof result.ok === 'boolean';
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts only servers whose id passes isValidServerId and is not reserved', () => {
    fc.assert(
      fc.property(nearlyValidRecord, (raw) => {
        const result = validateServerInput(raw);
        return !result.ok || (isValidServerId(result.server.id) && !isReservedServerId(result.server.id));
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts every valid, unreserved id with a valid URL', () => {
    const validId = fc
      .stringMatching(/^[a-z0-9][a-z0-9_-]{0,63}$/)
      .filter((id) => isValidServerId(id) && !isReservedServerId(id));
    fc.assert(
      fc.property(validId, fc.webUrl(), (id, url) => {
        const result = validateServerInput({ id, url, type: 'http' });
        return result.ok && result.server.id === id && result.server.url === new URL(url).href;
      }),
    );
  });

  it('stores only network URLs without credentials and with an http(s) scheme', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.webUrl({ withFragments: true }), fc.string()),
        fc.constantFrom('sse', 'http', 'streamable'),
        (url, type) => {
          const result = validateServerInput({ id: 'media', url, type });
          if (!result.ok) return true;
          const stored = new URL(result.server.url);
          return (
            ['http:', 'https:'].includes(stored.protocol) && stored.username === '' && stored.password === ''
          );
        },
      ),
    );
  });
});
