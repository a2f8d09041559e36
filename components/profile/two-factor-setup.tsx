'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';
import { useEnableTwoFactor } from '@/hooks/use-two-factor';
import type { TwoFactorSetup } from '@/lib/api/two-factor';
import { splitFieldErrors } from '@/lib/api/api-error';
import { errorInfo, twoFactorError } from '@/lib/errors';
import { enableTwoFactorSchema, type EnableTwoFactorValues } from '@/lib/schemas/two-factor';

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
  const heading = useRef<HTMLHeadingElement>(null);
  // A refused code told above the form is tied to the field (aria-invalid, aria-describedby).
  const alertId = useId();

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      const { recovery_codes } = await enable.mutateAsync({ password, code: code.trim() });
      onEnabled(recovery_codes);
    } catch (e) {
      const info = errorInfo(e);
      const { fields, rest } = splitFieldErrors(info.data, ['code'] as const);
      if (fields.code) form.setError('code', { message: fields.code });
      else setError(rest ?? twoFactorError(info, 'Не удалось включить двухэтапную проверку'));
      form.setFocus('code');
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-labelledby="two-factor-setup-title">
      <h4 id="two-factor-setup-title" ref={heading} tabIndex={-1} className="font-medium text-fg outline-none">
        Настройка приложения
      </h4>
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
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={isSubmitting}>
          Подтвердить
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Отмена
        </Button>
      </div>
    </form>
  );
}
