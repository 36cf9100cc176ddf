// Ready-made client configurations for a new key, shown once with it: the MCP Inspector CLI (the
// version the README pins), Claude Desktop (through mcp-remote, as it speaks stdio only), VS Code's
// mcp.json, and curl against the stateless JSON answer of `/mcp`.
export interface Snippet {
  readonly label: string;
  readonly text: string;
}

export function clientSnippets(origin: string, key: string): Snippet[] {
  const endpoint = `${origin}/mcp`;
  return [
    {
      label: 'MCP Inspector CLI',
      text: `npx -y @modelcontextprotocol/inspector@2.12.0 --cli ${endpoint} --transport http \\\n  --header "Authorization: Bearer ${key}" --method tools/list`,
    },
    {
      label: 'Claude Desktop (claude_desktop_config.json)',
      text: JSON.stringify(
        {
          mcpServers: {
            gateway: {
              command: 'npx',
              args: ['-y', 'mcp-remote', endpoint, '--header', `Authorization: Bearer ${key}`],
            },
          },
        },
        null,
        2,
      ),
    },
    {
      label: 'VS Code (.vscode/mcp.json)',
      text: JSON.stringify(
        {
          servers: { gateway: { type: 'http', url: endpoint, headers: { Authorization: `Bearer ${key}` } } },
        },
        null,
        2,
      ),
    },
    {
      label: 'curl',
      text: `curl -s ${endpoint} -H "Authorization: Bearer ${key}" \\\n  -H 'Content-Type: application/json' -H 'Accept: application/json' \\\n  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'`,
    },
  ];
}
