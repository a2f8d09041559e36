'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useFormMessage } from '@/components/ui/form-message';
import { PasswordField } from '@/components/ui/password-field';
import { useRequestPasswordResetCode, useResetPasswordByCode } from '@/components/auth/use-auth-flows';
import { useSnackbar } from '@/hooks/use-snackbar';
import { normalizePhone } from '@/lib/auth/username';
import { errorInfo, resetCodeRequestError, resetCodeSent, resetPasswordError } from '@/lib/errors';
import { phoneResetRequestSchema, phoneResetSchema, type PhoneResetRequestValues, type PhoneResetValues } from '@/lib/schemas/auth';
import { PhoneRequestForm } from './phone-request-form';
import { PASSWORD_RESET_DONE } from './reset-password-form';
import { SmsCodeForm } from './sms-code-form';

/**
 * Password reset by SMS on one screen: the number first, then the code with the new password
 * twice. Success goes to /login, where the success message waits in a snackbar.
 */
export function ForgotPasswordPhone() {
  const router = useRouter();
  const { showSuccess } = useSnackbar();
  const requestCode = useRequestPasswordResetCode();
  const reset = useResetPasswordByCode();
  const [phone, setPhone] = useState<string | null>(null);
  // A refused reset is tied to the code field (the code is most often why, and the focus goes back there).
  const { setMessage, alert, codeAlertId } = useFormMessage();
  const [done, setDone] = useState(false);
  const phoneForm = useForm<PhoneResetRequestValues>({ resolver: zodResolver(phoneResetRequestSchema), defaultValues: { phone: '' } });
  const resetForm = useForm<PhoneResetValues>({
    resolver: zodResolver(phoneResetSchema),
    defaultValues: { code: '', password: '', password2: '' },
  });
  const switched = useRef(false);

  // Each step's first field takes the focus when the step appears (not on first render: the tab keeps it).
  useEffect(() => {
    if (!switched.current) return;
    if (phone) resetForm.setFocus('code');
    else phoneForm.setFocus('phone');
  }, [phone, resetForm, phoneForm]);

  /** Asks for a code; the answer is the same whether or not the number is known. */
  const send = async (normalized: string): Promise<boolean> => {
    setMessage(null);
    try {
      await requestCode.mutateAsync(normalized);
      setMessage({ kind: 'info', text: resetCodeSent(normalized) });
      return true;
    } catch (e) {
      setMessage({ kind: 'error', text: resetCodeRequestError(errorInfo(e)) });
      return false;
    }
  };

  const onRequest = phoneForm.handleSubmit(async (values) => {
    const normalized = normalizePhone(values.phone)!;
    if (await send(normalized)) {
      switched.current = true;
      setPhone(normalized);
    } else {
      phoneForm.setFocus('phone');
    }
  });

  const onResend = async () => {
    if (!phone) return;
    await send(phone);
    // The button was disabled while sending; the code field is where the user goes next.
    resetForm.setFocus('code');
  };

  const onChangeNumber = () => {
    setPhone(null);
    setMessage(null);
    resetForm.reset();
  };

  const onReset = resetForm.handleSubmit(async (values) => {
    if (!phone) return;
    setMessage(null);
    try {
      await reset.mutateAsync({ phone, code: values.code.trim(), password: values.password, password2: values.password2 });
      setDone(true);
      showSuccess(PASSWORD_RESET_DONE);
      router.replace('/login');
    } catch (e) {
      setMessage({ kind: 'error', text: resetPasswordError(errorInfo(e)), code: true });
      resetForm.setFocus('code');
    }
  });

  const { errors, isSubmitting } = resetForm.formState;
  const busy = requestCode.isPending || isSubmitting || done;

  return (
    <div className="flex flex-col gap-4">
      {!phone ? (
        <p className="text-sm text-fg-muted">Укажите подтверждённый номер телефона, и мы отправим код для сброса пароля по SMS.</p>
      ) : null}
      {alert}
      {!phone ? (
        <PhoneRequestForm form={phoneForm} onSubmit={onRequest} sending={requestCode.isPending} submit="Отправить код" />
      ) : (
        <SmsCodeForm
          onSubmit={onReset}
          code={resetForm.register('code')}
          error={errors.code?.message}
          alertId={codeAlertId}
          actions={{ sending: requestCode.isPending, disabled: busy, onResend: () => void onResend(), onChangeNumber }}
        >
          <PasswordField fresh label="Новый пароль" error={errors.password?.message} {...resetForm.register('password')} />
          <PasswordField fresh label="Подтверждение пароля" error={errors.password2?.message} {...resetForm.register('password2')} />
          <Button type="submit" loading={isSubmitting} disabled={requestCode.isPending || done} fullWidth>
            Сохранить пароль
          </Button>
        </SmsCodeForm>
      )}
    </div>
  );
}
