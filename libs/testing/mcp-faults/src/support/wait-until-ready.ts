// Waits for a service process started by a test or a benchmark to answer `GET /ready` with 200,
// failing at once (with its log) when the process exits first, or after `timeoutMs`.
import type { ChildProcess } from 'node:child_process';

export async function waitUntilReady(
  origin: string,
  child: ChildProcess,
  output: () => string,
  options: { readonly name: string; readonly timeoutMs: number },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited:\n${output()}`);
    const ready = await fetch(`${origin}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${options.name} at ${origin}/ready:\n${output()}`);
}
