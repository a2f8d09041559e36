'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/ui/code-field';
import { useFormMessage } from '@/components/ui/form-message';
import { useResendPhoneCode, useVerifyPhone } from '@/components/profile/use-profile';
import { useSnackbar } from '@/hooks/use-snackbar';
import type { User } from '@/lib/auth/types';
import { errorInfo, PHONE_NOT_FOUND, resendError, verifyPhoneError } from '@/lib/errors';
import { codeSchema, type CodeValues } from '@/lib/schemas/auth';
import { PROFILE_PHONE_ID } from './profile-info-form';
import { ProfileSection } from '@/components/ui/section';

export const PHONE_VERIFIED = 'Телефон успешно подтверждён';
export const PHONE_CODE_SENT = 'Код подтверждения отправлен по SMS';

/** Shown while the user has a phone that is not verified yet. */
export function PhoneVerification({ user }: { user: User }) {
  const verify = useVerifyPhone();
  const resend = useResendPhoneCode();
  const snackbar = useSnackbar();
  const { setMessage, alert, codeAlertId } = useFormMessage();
  const form = useForm<CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  if (!user.phone || user.is_phone_verified) return null;

  const onSend = async () => {
    setMessage(null);
    if (!user.phone) {
      setMessage({ kind: 'error', text: PHONE_NOT_FOUND });
      return;
    }
    try {
      await resend.mutateAsync(user.phone);
      setMessage({ kind: 'success', text: PHONE_CODE_SENT });
      form.setFocus('code');
    } catch (e) {
      setMessage({ kind: 'error', text: resendError(errorInfo(e)) });
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await verify.mutateAsync(values.code.trim());
      snackbar.showSuccess(PHONE_VERIFIED);
      form.reset();
      // This section unmounts once verified: keep focus on the phone field, which now says «подтверждён».
      requestAnimationFrame(() => document.getElementById(PROFILE_PHONE_ID)?.focus());
    } catch (e) {
      setMessage({ kind: 'error', text: verifyPhoneError(errorInfo(e)), code: true });
      form.setFocus('code', { shouldSelect: true });
    }
  });

  return (
    <ProfileSection id="phone-verification" title="Подтверждение телефона">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">
          Номер <strong>{user.phone}</strong> не подтверждён. Получите код по SMS и введите его ниже.
        </p>
        {alert}
        <div>
          <Button variant="secondary" onClick={() => void onSend()} loading={resend.isPending}>
            Отправить код по SMS
          </Button>
        </div>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <CodeField
            className="sm:flex-1"
            label="Код из SMS"
            error={form.formState.errors.code?.message}
            alertId={codeAlertId}
            {...form.register('code')}
          />
          <Button type="submit" loading={form.formState.isSubmitting} className="sm:mt-6">
            Подтвердить телефон
          </Button>
        </form>
      </div>
    </ProfileSection>
  );
}
