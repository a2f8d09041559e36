import { Button } from '@/components/ui/button';

/**
 * Under an SMS code field: send the code again (a spinner while it goes) or go back to the number.
 * Both wait while a request is under way, so a second SMS is never asked for twice at once.
 */
export function SmsCodeActions({
  sending,
  disabled,
  onResend,
  onChangeNumber,
}: {
  sending: boolean;
  disabled: boolean;
  onResend: () => void;
  onChangeNumber: () => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button variant="ghost" fullWidth loading={sending} disabled={disabled} onClick={onResend}>
        Отправить код ещё раз
      </Button>
      <Button variant="ghost" fullWidth disabled={disabled} onClick={onChangeNumber}>
        Изменить номер
      </Button>
    </div>
  );
}
