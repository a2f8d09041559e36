import { Button, type ButtonVariant } from './button';

/**
 * A form's buttons: the submit (a spinner while the form is sent) and, where the step can be left, «Отмена»,
 * which waits while the form is sent.
 */
export function FormActions({
  submit,
  busy,
  onCancel,
  variant = 'primary',
}: {
  /** The submit button's words. */
  submit: string;
  busy: boolean;
  onCancel?: () => void;
  variant?: ButtonVariant;
}) {
  return (
    <div className={onCancel ? 'flex flex-wrap gap-2' : undefined}>
      <Button type="submit" variant={variant} loading={busy}>
        {submit}
      </Button>
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Отмена
        </Button>
      ) : null}
    </div>
  );
}
