// Copies a text to the clipboard and says so; says why not when the browser refuses.
import { useState } from 'react';

export function CopyButton(props: { readonly text: string; readonly label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      className="small"
      aria-label={props.label}
      onClick={() => {
        navigator.clipboard.writeText(props.text).then(
          () => setState('copied'),
          () => setState('failed'),
        );
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy refused: select and copy' : 'Copy'}
    </button>
  );
}
