// Keeps README.md true: every `file`: `function` step of its two walks names a file that exists and
// a function, method or interface member defined in it, so a renamed or moved step fails here.
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../testing/reference-servers';

const GATEWAY_SOURCE = join(REPOSITORY_ROOT, 'apps', 'mcp-gateway', 'src');
const STEP = /^\d+\. `([^`]+\.ts)`: `([\w.]+)`/;

interface Step {
  readonly walk: string;
  readonly file: string;
  readonly name: string;
}

function walkSteps(readme: string): Step[] {
  const steps: Step[] = [];
  let walk: string | undefined;
  for (const line of readme.split('\n')) {
    const heading = /^## (Request in|Answer out)$/.exec(line);
    if (heading !== null) walk = heading[1];
    else if (line.startsWith('## ')) walk = undefined;
    const step = STEP.exec(line);
    if (walk !== undefined && step?.[1] !== undefined && step[2] !== undefined) {
      steps.push({ walk, file: step[1], name: step[2] });
    }
  }
  return steps;
}

function escaped(name: string): string {
  return name.replace(/[$]/g, '\\$&');
}

/** Whether `source` defines `name`: a function or constant, or `Type.member` of a class or interface. */
function defines(source: string, name: string): boolean {
  const [owner, member] = name.split('.');
  if (member === undefined) {
    return new RegExp(`(?:function\\s+|const\\s+)${escaped(name)}\\b`).test(source);
  }
  const ownerAt = source.search(new RegExp(`(?:class|interface)\\s+${escaped(owner ?? '')}\\b`));
  if (ownerAt < 0) return false;
  const body = source.slice(ownerAt);
  const modifiers = '(?:(?:private|protected|public|readonly|static|async|get|set)\\s+)*';
  return new RegExp(`^\\s*${modifiers}${escaped(member)}\\s*[(<]`, 'm').test(body);
}

const readme = readFileSync(join(GATEWAY_SOURCE, 'mcp', 'README.md'), 'utf8');
const steps = walkSteps(readme);

describe('mcp/README.md walks', () => {
  it('has both walks', () => {
    expect(new Set(steps.map((step) => step.walk))).toEqual(new Set(['Request in', 'Answer out']));
    expect(steps.length).toBeGreaterThan(10);
  });

  it.each(steps.map((step) => [step.walk, step.file, step.name] as const))(
    '%s: %s defines %s',
    (_walk, file, name) => {
      const path = file.startsWith('libs/') ? join(REPOSITORY_ROOT, file) : join(GATEWAY_SOURCE, file);
      expect(existsSync(path)).toBe(true);
      expect(defines(readFileSync(path, 'utf8'), name)).toBe(true);
    },
  );
});
