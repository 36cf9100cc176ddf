// The operator's stdio settings are checked at start-up: a mistake is a configuration problem
// that stops the gateway, never a silently weaker policy.
import { parseStdioPolicySettings } from './stdio-policy.settings';

describe('parseStdioPolicySettings', () => {
  it('has no allow-list and no extra variables by default', () => {
    expect(parseStdioPolicySettings({})).toEqual({ ok: true, settings: { inheritedVariables: [] } });
  });

  it('reads the allow-list and the inherited variables', () => {
    expect(
      parseStdioPolicySettings({
        GATEWAY_STDIO_ALLOWED_COMMANDS: 'npx, /usr/bin/node',
        GATEWAY_STDIO_INHERITED_VARIABLES: 'AWS_REGION, KUBECONFIG,AWS_REGION',
      }),
    ).toEqual({
      ok: true,
      settings: {
        allowedCommands: { entries: ['npx', '/usr/bin/node'] },
        inheritedVariables: ['AWS_REGION', 'KUBECONFIG'],
      },
    });
  });

  it('reports every problem of both settings at once', () => {
    const parsed = parseStdioPolicySettings({
      GATEWAY_STDIO_ALLOWED_COMMANDS: 'sh',
      GATEWAY_STDIO_INHERITED_VARIABLES: 'NODE_OPTIONS,GATEWAY_ADMIN_TOKEN,database_url,1BAD,OK_NAME',
    });
    expect(parsed).toEqual({
      ok: false,
      problems: [
        'GATEWAY_STDIO_ALLOWED_COMMANDS: "sh" is refused by the stdio policy whatever the allow-list says: the executable is a shell',
        'GATEWAY_STDIO_INHERITED_VARIABLES: "NODE_OPTIONS" loads code into a runtime or belongs to the gateway, so no child gets it',
        'GATEWAY_STDIO_INHERITED_VARIABLES: "GATEWAY_ADMIN_TOKEN" loads code into a runtime or belongs to the gateway, so no child gets it',
        'GATEWAY_STDIO_INHERITED_VARIABLES: "database_url" loads code into a runtime or belongs to the gateway, so no child gets it',
        'GATEWAY_STDIO_INHERITED_VARIABLES: "1BAD" is not a variable name ([A-Za-z_][A-Za-z0-9_]*)',
      ],
    });
  });
});
