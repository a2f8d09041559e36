'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';

/** What just happened, above the codes. */
export const TWO_FACTOR_ENABLED = 'Двухэтапная проверка включена. Все остальные сеансы завершены.';
export const RECOVERY_CODES_RENEWED = 'Новые резервные коды созданы, прежние больше не действуют.';

/** The ten recovery codes, shown this once: copied or written down before «Готово». */
export function RecoveryCodes({ codes, notice, onDone }: { codes: string[]; notice: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <FormAlert kind="success">{notice}</FormAlert>
      <h4 id="recovery-codes-title" ref={heading} tabIndex={-1} className="font-medium text-fg outline-none">
        Резервные коды
      </h4>
      <p className="text-sm text-fg-muted">
        Сохраните эти коды в надёжном месте. Если телефона с приложением не окажется под рукой, войдите с одним из них — каждый код
        действует один раз. Больше они показаны не будут.
      </p>
      <ol
        aria-labelledby="recovery-codes-title"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-surface-2 p-3 font-mono text-base"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      {copied ? (
        <FormAlert kind={copied === 'yes' ? 'success' : 'error'}>
          {copied === 'yes' ? 'Коды скопированы' : 'Не удалось скопировать — перепишите коды вручную'}
        </FormAlert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          Скопировать коды
        </Button>
        <Button onClick={onDone}>Готово</Button>
      </div>
    </div>
  );
}
