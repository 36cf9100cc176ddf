// What access control needs to know about backend servers: their current categories. The
// server registry implements it; access control only reads through this port.

export interface BackendCatalog {
  /** Current categories of a server (normalized, lowercase); empty for unknown servers. */
  categoriesOf(serverId: string): readonly string[];
  /** Whether a server of this id is registered now. */
  isRegistered(serverId: string): boolean;
  /** Every category at least one registered server carries now. */
  registeredCategories(): ReadonlySet<string>;
}

export const BACKEND_CATALOG = Symbol('BACKEND_CATALOG');
