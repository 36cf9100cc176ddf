// What a Vite build weighs: each asset's size and gzip size, and the modules that fill the
// JavaScript most, attributed from its source map (every generated segment counted for the source
// it maps to; unmapped bytes count as "(unmapped)").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface AssetSize {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface BundleReport {
  readonly assets: readonly AssetSize[];
  readonly totalGzipBytes: number;
  /** Largest first: module path (node_modules/<package> collapsed to the package) and bytes. */
  readonly modules: readonly { readonly module: string; readonly bytes: number }[];
}

export function bundleReport(directory: string): BundleReport {
  const files = readdirSync(join(directory, 'assets')).filter((file) => !file.endsWith('.map'));
  const assets = files.map((file) => {
    const body = readFileSync(join(directory, 'assets', file));
    return { file: `assets/${file}`, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
  });
  const page = readFileSync(join(directory, 'index.html'));
  assets.push({ file: 'index.html', bytes: page.length, gzipBytes: gzipSync(page, { level: 9 }).length });
  const modules = new Map<string, number>();
  for (const file of files.filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(join(directory, 'assets', file), 'utf8');
    const map = JSON.parse(readFileSync(join(directory, 'assets', `${file}.map`), 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    for (const [source, bytes] of attribute(code, map)) {
      const name = source === null ? '(unmapped)' : moduleName(map.sources[source] ?? '?');
      modules.set(name, (modules.get(name) ?? 0) + bytes);
    }
  }
  return {
    assets,
    totalGzipBytes: assets.reduce((sum, asset) => sum + asset.gzipBytes, 0),
    modules: [...modules].map(([module, bytes]) => ({ module, bytes })).sort((a, b) => b.bytes - a.bytes),
  };
}

function moduleName(source: string): string {
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return packaged?.[1] ?? source.replace(/^(?:\.\.\/)+(?:.*?\/)?(libs\/)/, '$1');
}

/** Generated characters per source index (null: unmapped), from a v3 source map's mappings. */
function attribute(code: string, map: { mappings: string }): Map<number | null, number> {
  const totals = new Map<number | null, number>();
  const lines = code.split('\n');
  const add = (source: number | null, length: number) =>
    totals.set(source, (totals.get(source) ?? 0) + length);
  let source = 0;
  map.mappings.split(';').forEach((group, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    let previous: { column: number; source: number | null } = { column: 0, source: null };
    for (const segment of group === '' ? [] : group.split(',')) {
      const fields = decodeVlq(segment);
      column += fields[0] ?? 0;
      add(previous.source, column - previous.column);
      if (fields.length >= 4) source += fields[1] ?? 0;
      previous = { column, source: fields.length >= 4 ? source : null };
    }
    add(previous.source, line.length - previous.column);
  });
  return totals;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const character of segment) {
    const digit = BASE64.indexOf(character);
    value += (digit & 31) << shift;
    if ((digit & 32) !== 0) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}
