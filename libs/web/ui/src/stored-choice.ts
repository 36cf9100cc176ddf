// A choice the reader made (table or grid, say) remembered in this browser; unknown stored values
// fall back to the default, so an old or tampered entry cannot break the page.
import { useCallback, useState } from 'react';

export function useStoredChoice<T extends string>(
  key: string,
  choices: readonly T[],
  fallback: T,
): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = readStorage(key);
    return choices.find((choice) => choice === stored) ?? fallback;
  });
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(key, next);
      } catch {
        // Storage may be full or disabled; the choice still holds for this page.
      }
    },
    [key],
  );
  return [value, choose];
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
