// A modal dialog on the browser's own <dialog>: focus moves in and is trapped by the browser,
// Escape closes, and the page behind is inert, so keyboard and screen-reader users get it right.
import { type ReactNode, useEffect, useId, useRef } from 'react';

export function Dialog(props: {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly footer?: ReactNode;
  readonly wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      className={props.wide === true ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      onClose={props.onClose}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      {props.open ? (
        <>
          <header className="dialog-header">
            <h2 id={titleId}>{props.title}</h2>
            <button type="button" className="icon-button" aria-label="Close" onClick={props.onClose}>
              ×
            </button>
          </header>
          <div className="dialog-body">{props.children}</div>
          {props.footer === undefined ? null : <footer className="dialog-footer">{props.footer}</footer>}
        </>
      ) : null}
    </dialog>
  );
}
