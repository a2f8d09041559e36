'use client';

import { useId, useState } from 'react';
import { FormAlert, type FormAlertKind } from './form-alert';

/** What a form says above its fields; `code`: it says the code was refused, so it is tied to the code field. */
export interface FormMessage {
  kind: FormAlertKind;
  text: string;
  code?: boolean;
}

/**
 * A form's one message above its fields: `alert` draws it (null while there is none) and `codeAlertId` goes to the
 * code field's `alertId`, so that while the message says the code was refused the field reads as invalid and is
 * described by it.
 */
export function useFormMessage() {
  const [message, setMessage] = useState<FormMessage | null>(null);
  const id = useId();
  const alert = message ? (
    <FormAlert kind={message.kind} id={id}>
      {message.text}
    </FormAlert>
  ) : null;
  return { setMessage, alert, codeAlertId: message?.code ? id : undefined };
}
