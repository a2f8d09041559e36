import { Button } from './button';
import { FormAlert } from './form-alert';

/** What could not be loaded, said as an alert, with «Повторить» to ask again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <FormAlert>
      <p>{message}</p>
      <Button variant="secondary" className="mt-2" onClick={onRetry}>
        Повторить
      </Button>
    </FormAlert>
  );
}
