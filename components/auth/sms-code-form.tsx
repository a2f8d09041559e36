import type { BaseSyntheticEvent, ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CodeField } from '@/components/ui/code-field';
import { SmsCodeActions } from './sms-code-actions';

/**
 * An SMS flow's second step: the code from the SMS, what else the flow asks for and its submit (`children`), then
 * sending the code again or going back to the number.
 */
export function SmsCodeForm({
  onSubmit,
  code,
  error,
  alertId,
  actions,
  children,
}: {
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  /** The code field's registration. */
  code: UseFormRegisterReturn<'code'>;
  error?: string;
  /** See CodeField: the form's alert while it says the code was refused. */
  alertId?: string;
  actions: ComponentProps<typeof SmsCodeActions>;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      <CodeField label="Код из SMS" error={error} alertId={alertId} {...code} />
      {children}
      <SmsCodeActions {...actions} />
    </form>
  );
}
