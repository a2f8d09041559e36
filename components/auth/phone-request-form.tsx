import type { BaseSyntheticEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { PhoneField } from '@/components/ui/phone-field';

/** An SMS flow's first step: the phone number and the button that asks for a code (a spinner while it goes). */
export function PhoneRequestForm({
  form,
  onSubmit,
  sending,
  submit,
}: {
  form: UseFormReturn<{ phone: string }>;
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  sending: boolean;
  /** The button's words. */
  submit: string;
}) {
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      <PhoneField label="Телефон" error={form.formState.errors.phone?.message} {...form.register('phone')} />
      <Button type="submit" loading={sending} fullWidth>
        {submit}
      </Button>
    </form>
  );
}
