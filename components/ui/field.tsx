import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

export interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
  className?: string;
  /**
   * The id of a message outside the field that says what is wrong with it (the form's alert after the server
   * refused a code): the field is marked invalid and described by it, as by its own error.
   */
  alertId?: string;
  /** Renders the control with the ids and classes that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The label / control / hint / error frame shared by TextField and TextAreaField. */
export function Field({ label, error, hint, id, className = '', alertId, children }: FieldProps) {
  const auto = useId();
  const controlId = id ?? auto;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : null, alertId ?? null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={controlId} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error || alertId ? true : undefined,
        'aria-describedby': describedBy,
        className: `rounded-md border bg-surface px-3 py-2 text-base text-fg placeholder:text-fg-subtle ${
          error || alertId ? 'border-danger' : 'border-line-strong'
        }`,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
