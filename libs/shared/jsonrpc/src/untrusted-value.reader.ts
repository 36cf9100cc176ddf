// Takes a one-level snapshot of an untrusted value the way JSON.stringify would see it, without
// running getters or consulting the prototype chain, so a crafted value can neither smuggle in
// inherited members nor make the classifier throw. Nested values are not visited (no recursion).

/** What the classifier needs to know about one untrusted value. */
export type UntrustedValue =
  | { readonly kind: 'object'; readonly members: ReadonlyMap<string, unknown> }
  | { readonly kind: 'array'; readonly elements: readonly unknown[] }
  | { readonly kind: 'scalar' }
  | { readonly kind: 'unreadable' };

/**
 * Members are the own enumerable string-keyed data properties. A member whose value is undefined
 * counts as absent, as after serialisation. An object with an accessor property, an array with
 * holes or extra members, and a proxy whose traps throw or lie are all `unreadable`.
 */
export function readUntrustedValue(value: unknown): UntrustedValue {
  if (typeof value !== 'object' || value === null) return { kind: 'scalar' };
  try {
    return snapshotObject(value);
  } catch {
    // Only exotic objects (revoked proxies, throwing traps) get here; JSON.parse never builds them.
    // They are not JSON-RPC messages, and saying so beats throwing at the transport.
    return { kind: 'unreadable' };
  }
}

function snapshotObject(value: object): UntrustedValue {
  const members = readDataMembers(value);
  if (members === undefined) return { kind: 'unreadable' };
  if (!Array.isArray(value)) return { kind: 'object', members };
  // JSON never yields holes or undefined elements; refusing them also keeps a huge sparse `length`
  // from costing time, since the loop below then runs once per real element.
  if (members.size !== value.length) return { kind: 'unreadable' };
  const elements = Array.from({ length: value.length }, (_, index) => members.get(String(index)));
  return { kind: 'array', elements };
}

function readDataMembers(value: object): Map<string, unknown> | undefined {
  const members = new Map<string, unknown>();
  for (const key of Object.keys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    // Refuse accessors instead of calling them: a getter could lie, throw or have side effects.
    if (descriptor === undefined || !('value' in descriptor)) return undefined;
    if (descriptor.value !== undefined) members.set(key, descriptor.value);
  }
  return members;
}
