'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { useRenewRecoveryCodes } from '@/hooks/use-two-factor';
import { StepForm } from './step-form';
import { TwoFactorConfirmFields, useTwoFactorConfirm } from './two-factor-confirm';

/**
 * «Новые резервные коды»: behind a button, the current password and a code from the app (or a recovery
 * code) make ten new codes; the old ones, used or not, stop working.
 */
export function TwoFactorNewCodes({ onRenewed }: { onRenewed: (codes: string[]) => void }) {
  const renew = useRenewRecoveryCodes();
  const [open, setOpen] = useState(false);
  const { form, error, onSubmit } = useTwoFactorConfirm(async (answer) => {
    const { recovery_codes } = await renew.mutateAsync(answer);
    onRenewed(recovery_codes);
  }, 'Не удалось создать новые резервные коды');
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) form.setFocus('password');
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open, form]);

  if (!open) {
    return (
      <div>
        <Button ref={opener} variant="secondary" onClick={() => setOpen(true)}>
          Новые резервные коды
        </Button>
      </div>
    );
  }
  return (
    <StepForm id="two-factor-new-codes-title" title="Новые резервные коды" onSubmit={onSubmit}>
      <p className="text-sm text-fg-muted">Прежние резервные коды перестанут действовать.</p>
      <TwoFactorConfirmFields form={form} error={error} />
      <FormActions submit="Создать коды" busy={form.formState.isSubmitting} onCancel={() => setOpen(false)} />
    </StepForm>
  );
}
