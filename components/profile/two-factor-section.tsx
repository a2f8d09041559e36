'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useSetupTwoFactor, useTwoFactorStatus } from '@/hooks/use-two-factor';
import type { TwoFactorSetup } from '@/lib/api/two-factor';
import { errorInfo, twoFactorError } from '@/lib/errors';
import { ProfileSection } from './section';
import { RecoveryCodes } from './two-factor-recovery-codes';
import { TwoFactorDisable } from './two-factor-disable';
import { TwoFactorSetupStep } from './two-factor-setup';

type Stage = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] };

/**
 * Two-step sign-in: off → «Включить» shows the QR code and the key, the first code from the app
 * turns it on, the ten recovery codes are shown once; on → the password and a code turn it off.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [focusStart, setFocusStart] = useState(false);
  const [focusSummary, setFocusSummary] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);

  // Back to the start (cancelled, or turned off): the focus goes to «Включить».
  useEffect(() => {
    if (focusStart && stage.kind === 'idle' && status.data && !status.data.enabled) startButton.current?.focus();
  }, [focusStart, stage.kind, status.data]);

  const start = async () => {
    setError(null);
    try {
      setStage({ kind: 'setup', setup: await setup.mutateAsync() });
    } catch (e) {
      setError(twoFactorError(errorInfo(e), 'Не удалось начать настройку'));
    }
  };

  const backToStart = () => {
    setStage({ kind: 'idle' });
    setFocusStart(true);
  };

  let body;
  if (stage.kind === 'setup') {
    body = <TwoFactorSetupStep setup={stage.setup} onEnabled={(codes) => setStage({ kind: 'codes', codes })} onCancel={backToStart} />;
  } else if (stage.kind === 'codes') {
    body = (
      <RecoveryCodes
        codes={stage.codes}
        onDone={() => {
          setStage({ kind: 'idle' });
          setFocusSummary(true);
        }}
      />
    );
  } else if (status.isPending) {
    body = (
      <div className="flex justify-center py-4 text-accent-text">
        <Spinner className="h-5 w-5" label="Загрузка…" />
      </div>
    );
  } else if (status.isError) {
    body = (
      <FormAlert>
        <p>Не удалось узнать, включена ли двухэтапная проверка.</p>
        <Button variant="secondary" className="mt-2" onClick={() => void status.refetch()}>
          Повторить
        </Button>
      </FormAlert>
    );
  } else if (status.data.enabled) {
    body = <TwoFactorDisable codesLeft={status.data.recovery_codes_left} focusOnMount={focusSummary} onDisabled={backToStart} />;
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-fg-muted">
          Двухэтапная проверка выключена. Если включить её, при входе кроме пароля понадобится код из приложения-аутентификатора (Яндекс
          Ключ, Google Authenticator и другие).
        </p>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div>
          <Button ref={startButton} onClick={() => void start()} loading={setup.isPending}>
            Включить
          </Button>
        </div>
      </div>
    );
  }

  return (
    <ProfileSection id="two-factor" title="Двухэтапная проверка">
      {body}
    </ProfileSection>
  );
}
