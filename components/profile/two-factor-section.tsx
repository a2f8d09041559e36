'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useTwoFactorStatus } from '@/hooks/use-two-factor';
import type { TwoFactorSetup } from '@/lib/api/two-factor';
import { ProfileSection } from '@/components/ui/section';
import { RECOVERY_CODES_RENEWED, RecoveryCodes, TWO_FACTOR_ENABLED } from './two-factor-recovery-codes';
import { TwoFactorDisable } from './two-factor-disable';
import { TwoFactorNewCodes } from './two-factor-new-codes';
import { TwoFactorPasswordStep } from './two-factor-password';
import { TwoFactorSetupStep } from './two-factor-setup';

type Stage =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'setup'; setup: TwoFactorSetup; password: string }
  | { kind: 'codes'; codes: string[]; notice: string };

/**
 * Two-step sign-in: off → «Включить» asks for the current password, then shows the QR code and the
 * key; the first code from the app turns it on (every other session ends) and the ten recovery codes
 * are shown once. On → new recovery codes, or off, each with the password and a code.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [focusStart, setFocusStart] = useState(false);
  const [focusSummary, setFocusSummary] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);

  // Back to the start (cancelled, or turned off): the focus goes to «Включить».
  useEffect(() => {
    if (focusStart && stage.kind === 'idle' && status.data && !status.data.enabled) startButton.current?.focus();
  }, [focusStart, stage.kind, status.data]);

  const backToStart = () => {
    setStage({ kind: 'idle' });
    setFocusStart(true);
  };

  let body;
  if (stage.kind === 'password') {
    body = <TwoFactorPasswordStep onReady={(setup, password) => setStage({ kind: 'setup', setup, password })} onCancel={backToStart} />;
  } else if (stage.kind === 'setup') {
    body = (
      <TwoFactorSetupStep
        setup={stage.setup}
        password={stage.password}
        onEnabled={(codes) => setStage({ kind: 'codes', codes, notice: TWO_FACTOR_ENABLED })}
        onCancel={backToStart}
      />
    );
  } else if (stage.kind === 'codes') {
    body = (
      <RecoveryCodes
        codes={stage.codes}
        notice={stage.notice}
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
    body = (
      <TwoFactorDisable
        codesLeft={status.data.recovery_codes_left}
        focusOnMount={focusSummary}
        onDisabled={backToStart}
        actions={<TwoFactorNewCodes onRenewed={(codes) => setStage({ kind: 'codes', codes, notice: RECOVERY_CODES_RENEWED })} />}
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-fg-muted">
          Двухэтапная проверка выключена. Если включить её, при входе кроме пароля понадобится код из приложения-аутентификатора (Яндекс
          Ключ, Google Authenticator и другие).
        </p>
        <div>
          <Button ref={startButton} onClick={() => setStage({ kind: 'password' })}>
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
