'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';
import { RecoveryCodeField } from '@/components/ui/recovery-code-field';
import { useAuth } from '@/hooks/use-auth';
import { errorInfo, secondStepError } from '@/lib/errors';
import { appCodeSchema, recoveryCodeSchema, type SecondStepValues } from '@/lib/schemas/two-factor';

type Mode = 'app' | 'recovery';

/**
 * The login's second step with two-step sign-in on: the 6-digit code from the authenticator app,
 * or one of the recovery codes. `onRestart` goes back to the first step (the mfa_token lives 5 minutes).
 */
export function SecondStepForm({ mfaToken, onRestart }: { mfaToken: string; onRestart: () => void }) {
  const [mode, setMode] = useState<Mode>('app');
  const [switched, setSwitched] = useState(false);
  return (
    <CodeStep
      key={mode}
      mode={mode}
      mfaToken={mfaToken}
      focusField={switched}
      onSwitch={() => {
        setSwitched(true);
        setMode(mode === 'app' ? 'recovery' : 'app');
      }}
      onRestart={onRestart}
    />
  );
}

function CodeStep({
  mode,
  mfaToken,
  focusField,
  onSwitch,
  onRestart,
}: {
  mode: Mode;
  mfaToken: string;
  focusField: boolean;
  onSwitch: () => void;
  onRestart: () => void;
}) {
  const router = useRouter();
  const { loginWithSecondStep } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SecondStepValues>({
    resolver: zodResolver(mode === 'recovery' ? recoveryCodeSchema : appCodeSchema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const intro = useRef<HTMLParagraphElement>(null);
  // A refused code is told above the form and tied to the field (aria-invalid, aria-describedby).
  const alertId = useId();

  // When the step replaces the password form its explanation takes the focus (so it is read out);
  // after switching between app code and recovery code, the caret goes to the field.
  useEffect(() => {
    if (focusField) form.setFocus('code');
    else intro.current?.focus();
  }, [focusField, form]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      await loginWithSecondStep(mfaToken, code.trim());
      router.replace('/');
    } catch (e) {
      setError(secondStepError(errorInfo(e)));
      form.setFocus('code');
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-labelledby="second-step-title">
      <h2 id="second-step-title" className="text-lg font-semibold text-fg">
        Двухэтапная проверка
      </h2>
      <p ref={intro} tabIndex={-1} className="text-sm text-fg-muted outline-none">
        {mode === 'recovery'
          ? 'Введите один из резервных кодов, сохранённых при включении двухэтапной проверки. Каждый код действует один раз.'
          : 'Введите 6-значный код из приложения-аутентификатора.'}
      </p>
      {error ? <FormAlert id={alertId}>{error}</FormAlert> : null}
      {mode === 'recovery' ? (
        <RecoveryCodeField
          label="Резервный код"
          autoComplete="off"
          error={errors.code?.message}
          alertId={error ? alertId : undefined}
          {...form.register('code')}
        />
      ) : (
        <CodeField
          label="Код из приложения"
          error={errors.code?.message}
          alertId={error ? alertId : undefined}
          {...form.register('code')}
        />
      )}
      <Button type="submit" loading={isSubmitting} fullWidth>
        Подтвердить
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" onClick={onSwitch} disabled={isSubmitting}>
          {mode === 'recovery' ? 'Ввести код из приложения' : 'Использовать резервный код'}
        </Button>
        <Button variant="ghost" onClick={onRestart} disabled={isSubmitting}>
          Войти заново
        </Button>
      </div>
    </form>
  );
}
