// The dashboard's pages, under the gateway's `/ui/` (Vite's base).
export const PAGES = {
  overview: '/ui/',
  keys: '/ui/keys',
  access: '/ui/access',
  bench: '/ui/bench',
  audit: '/ui/audit',
} as const;
