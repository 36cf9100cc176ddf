// docs/mcp-errors.md lists every JSON-RPC error code the gateway answers with. This holds the table
// to the two code enums, both ways: a code added to an enum without a row, a row for a code no enum
// has, or a row whose code differs from its enum's, fails here.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JsonRpcErrorCode, JsonRpcErrorMessage } from '@platform/jsonrpc';
import { REPOSITORY_ROOT } from '../../testing/reference-servers';
import { GatewayErrorCode } from './gateway-error-codes';
import { mcpErrorCodeOf, type McpErrorName } from './mcp-error-responses';

const ROW = /^\| (-?\d+) \| (\w+) \| ([^|]+) \|/;

const rows = readFileSync(join(REPOSITORY_ROOT, 'docs', 'mcp-errors.md'), 'utf8')
  .split('\n')
  .flatMap((line) => {
    const row = ROW.exec(line);
    return row?.[1] === undefined || row[2] === undefined || row[3] === undefined
      ? []
      : [{ code: Number(row[1]), name: row[2], message: row[3].trim() }];
  });

describe('docs/mcp-errors.md', () => {
  it('has one row per named code of JsonRpcErrorCode and GatewayErrorCode, with its value', () => {
    const documented = rows.map(({ name, code }) => [name, code]);
    const enumerated = [...Object.entries(JsonRpcErrorCode), ...Object.entries(GatewayErrorCode)];
    expect(documented.sort()).toEqual(enumerated.sort());
  });

  it("gives spec section 7's message for its codes", () => {
    for (const [name, message] of Object.entries(JsonRpcErrorMessage)) {
      expect(rows.find((row) => row.name === name)?.message).toBe(message);
    }
  });

  it('matches the mapping every gateway error goes through: each row name gives its code', () => {
    for (const { name, code } of rows)
      expect([name, mcpErrorCodeOf(name as McpErrorName).code]).toEqual([name, code]);
  });
});
