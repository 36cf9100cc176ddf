// Pages read by limit and offset (the APIs' `{…, total}` lists): the next offset is the number of
// rows already loaded, until the total is reached or a page comes back empty.

export function nextOffset<P extends { readonly total: number }>(
  pages: readonly P[],
  rowsOf: (page: P) => readonly unknown[],
): number | undefined {
  const last = pages.at(-1);
  if (last === undefined) return 0;
  const loaded = pages.reduce((sum, page) => sum + rowsOf(page).length, 0);
  return rowsOf(last).length > 0 && loaded < last.total ? loaded : undefined;
}
