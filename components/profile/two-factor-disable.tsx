'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { FormActions } from '@/components/ui/form-actions';
import { useDisableTwoFactor } from '@/hooks/use-two-factor';
import { useSnackbar } from '@/hooks/use-snackbar';
import { StepForm } from './step-form';
import { TwoFactorConfirmFields, useTwoFactorConfirm } from './two-factor-confirm';

export const TWO_FACTOR_DISABLED = 'Двухэтапная проверка отключена';

/**
 * Two-step sign-in is on: how many recovery codes are left, what else may be done (`actions`, below
 * the count), and turning it off (password + code).
 */
export function TwoFactorDisable({
  codesLeft,
  focusOnMount,
  onDisabled,
  actions,
}: {
  codesLeft: number;
  focusOnMount: boolean;
  onDisabled: () => void;
  actions?: ReactNode;
}) {
  const disable = useDisableTwoFactor();
  const snackbar = useSnackbar();
  const { form, error, onSubmit } = useTwoFactorConfirm(async (answer) => {
    await disable.mutateAsync(answer);
    snackbar.showSuccess(TWO_FACTOR_DISABLED);
    onDisabled();
  }, 'Не удалось отключить двухэтапную проверку');
  const summary = useRef<HTMLParagraphElement>(null);

  // Right after the recovery codes were put away, the focus lands on what is now in force.
  useEffect(() => {
    if (focusOnMount) summary.current?.focus();
  }, [focusOnMount]);

  return (
    <div className="flex flex-col gap-4">
      <p ref={summary} tabIndex={-1} className="text-sm text-fg-muted outline-none">
        Двухэтапная проверка включена: при входе нужен код из приложения-аутентификатора. Резервных кодов осталось: {codesLeft}.
      </p>
      {actions}
      <StepForm id="two-factor-disable-title" title="Отключить двухэтапную проверку" onSubmit={onSubmit}>
        <TwoFactorConfirmFields form={form} error={error} />
        <FormActions submit="Отключить" variant="danger" busy={form.formState.isSubmitting} />
      </StepForm>
    </div>
  );
}
