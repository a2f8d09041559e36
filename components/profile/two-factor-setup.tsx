'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CodeField } from '@/components/ui/code-field';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { useEnableTwoFactor } from '@/hooks/use-two-factor';
import type { TwoFactorSetup } from '@/lib/api/two-factor';
import { errorInfo, twoFactorError } from '@/lib/errors';
import { showFieldErrors } from '@/lib/forms/show-field-errors';
import { enableTwoFactorSchema, type EnableTwoFactorValues } from '@/lib/schemas/two-factor';
import { StepForm } from './step-form';

/** The key in groups of four, as apps print it: easier to type by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting up: the QR code (an inline SVG drawn by qrcode.react, no script or remote image) and the
 * same key as text, then the first code from the app, which turns two-step sign-in on together with
 * the password given before the setup.
 */
export function TwoFactorSetupStep({
  setup,
  password,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  password: string;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EnableTwoFactorValues>({ resolver: zodResolver(enableTwoFactorSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  // A refused code told above the form is tied to the field (aria-invalid, aria-describedby).
  const alertId = useId();

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      const { recovery_codes } = await enable.mutateAsync({ password, code: code.trim() });
      onEnabled(recovery_codes);
    } catch (e) {
      const info = errorInfo(e);
      const { shown, rest } = showFieldErrors(form, info.data, ['code']);
      if (!shown) setError(rest ?? twoFactorError(info, 'Не удалось включить двухэтапную проверку'));
      form.setFocus('code');
    }
  });

  return (
    <StepForm id="two-factor-setup-title" title="Настройка приложения" focusTitle onSubmit={onSubmit}>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-fg-muted">
        <li>Отсканируйте QR-код в приложении-аутентификаторе или введите ключ вручную.</li>
        <li>Введите 6-значный код, который покажет приложение.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <QRCodeSVG
          value={setup.otpauth_url}
          size={176}
          marginSize={2}
          role="img"
          aria-label="QR-код для приложения-аутентификатора"
          className="rounded border border-line bg-surface"
        />
        <div className="text-sm">
          <p className="text-fg-muted">Ключ для ввода вручную:</p>
          <code data-testid="totp-secret" className="mt-1 block font-mono text-base break-all text-fg">
            {grouped(setup.secret)}
          </code>
        </div>
      </div>
      {error ? <FormAlert id={alertId}>{error}</FormAlert> : null}
      <CodeField label="Код из приложения" error={errors.code?.message} alertId={error ? alertId : undefined} {...form.register('code')} />
      <FormActions submit="Подтвердить" busy={isSubmitting} onCancel={onCancel} />
    </StepForm>
  );
}
