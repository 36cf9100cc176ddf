// A failed request, said in words (the API's `detail`, which names the problem); nothing when
// there is no error.
import { problemMessage } from './problem';

export function ErrorText(props: { readonly error: unknown }) {
  if (props.error === null || props.error === undefined) return null;
  return (
    <p className="error" role="alert">
      {problemMessage(props.error)}
    </p>
  );
}
