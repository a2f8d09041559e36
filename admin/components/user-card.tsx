'use client';

import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LineIcon } from '@/components/ui/line-icon';
import type { AdminUser } from '@/contract/admin';
import { formatBytes } from '@/contract/storage-space';
import { count } from '@/contract/words';
import { useSnackbar } from '@/hooks/use-snackbar';
import { adminQueries, deleteUser, runUserAction, setStaff, type UserAction } from '../lib/api';
import { sinceText } from '../lib/words';
import { QuotaDialog } from './quota-dialog';
import { Badge, failureText, Figure } from './screen';

const FILES = ['файл', 'файла', 'файлов'] as const;

/** One action of the card: its button, and the confirmation it asks. */
interface ActionSpec {
  key: string;
  label: string;
  title: string;
  message: string;
  confirm: string;
  danger?: boolean;
  run: () => Promise<string | null>;
}

function quotaText(user: AdminUser, defaultQuota: number | null): string {
  const quota = user.quota_bytes ?? defaultQuota;
  const used = formatBytes(user.bytes);
  return quota === null ? used : `${used} из ${formatBytes(quota)}`;
}

/**
 * An account in the list: name, address, its state as badges, its files and space, when it was last seen; «Действия»
 * opens what staff can do, each asking for confirmation first (the focus goes back to the button pressed).
 */
export function UserCard({ user, defaultQuota, isMe }: { user: AdminUser; defaultQuota: number | null; isMe: boolean }) {
  const queryClient = useQueryClient();
  const { showSuccess, showError } = useSnackbar();
  const [asked, setAsked] = useState<ActionSpec | null>(null);
  const [quotaOpen, setQuotaOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...adminQueries.all(), 'users'] });

  const mutation = useMutation({
    mutationFn: (spec: ActionSpec) => spec.run(),
    onSuccess: (detail, spec) => {
      if (detail) showSuccess(detail);
      setAsked(null);
      void refresh();
      // The card goes with the account: the focus waits on the screen's heading, not on nothing.
      if (spec.key === 'delete') requestAnimationFrame(() => document.querySelector<HTMLElement>('main h1[tabindex="-1"]')?.focus());
    },
    onError: (e) => {
      showError(failureText(e));
      setAsked(null);
    },
  });

  const action = (key: UserAction) => async () => (await runUserAction(user.id, key)).detail;
  const who = user.name ? `${user.name} (${user.email})` : user.email;
  const waysIn = user.passkeys + user.providers;

  const specs: ActionSpec[] = [];
  if (user.is_active && !isMe) {
    specs.push({
      key: 'disable',
      label: 'Запретить вход',
      title: 'Запретить вход?',
      message: `${who} не сможет войти, все сеансы завершатся. Файлы останутся на месте.`,
      confirm: 'Запретить',
      danger: true,
      run: action('disable'),
    });
  }
  if (!user.is_active) {
    specs.push({
      key: 'enable',
      label: 'Разрешить вход',
      title: 'Разрешить вход?',
      message: `${who} снова сможет войти.`,
      confirm: 'Разрешить',
      run: action('enable'),
    });
  }
  if (!isMe)
    specs.push({
      key: 'end-sessions',
      label: 'Завершить сеансы',
      title: 'Завершить все сеансы?',
      message: `${who} выйдет на всех устройствах и войдёт заново.`,
      confirm: 'Завершить',
      run: action('end-sessions'),
    });
  specs.push({
    key: 'reset-link',
    label: 'Отправить ссылку для нового пароля',
    title: 'Отправить ссылку для нового пароля?',
    message: `На ${user.email} придёт ссылка, по которой можно задать новый пароль (действует 1 час). Текущий пароль пока останется.`,
    confirm: 'Отправить',
    run: action('reset-link'),
  });
  if (!user.is_email_verified) {
    specs.push({
      key: 'verify-email',
      label: 'Подтвердить e-mail',
      title: 'Подтвердить e-mail?',
      message: `Адрес ${user.email} будет считаться подтверждённым: код из письма больше не нужен.`,
      confirm: 'Подтвердить',
      run: action('verify-email'),
    });
  }
  if (user.two_factor) {
    specs.push({
      key: 'two-factor-off',
      label: 'Отключить двухэтапную проверку',
      title: 'Отключить двухэтапную проверку?',
      message: `Для входа ${who} снова хватит пароля. Владельцу придёт письмо; включить проверку заново можно в профиле.`,
      confirm: 'Отключить',
      danger: true,
      run: action('two-factor-off'),
    });
  }
  if (waysIn > 0) {
    specs.push({
      key: 'passkeys-clear',
      label: 'Удалить ключи доступа и привязки',
      title: 'Удалить ключи доступа и привязанные аккаунты?',
      message: `Будут удалены ключи доступа (${user.passkeys}) и привязки VK ID и Яндекс ID (${user.providers}). Входить можно будет по паролю.`,
      confirm: 'Удалить',
      danger: true,
      run: action('passkeys-clear'),
    });
  }
  if (user.unfinished_uploads > 0) {
    specs.push({
      key: 'uploads-cancel',
      label: 'Отменить незавершённые загрузки',
      title: 'Отменить незавершённые загрузки?',
      message: `Незавершённые загрузки (${user.unfinished_uploads}) будут удалены вместе с уже полученными частями.`,
      confirm: 'Отменить загрузки',
      danger: true,
      run: action('uploads-cancel'),
    });
  }
  if (!isMe || !user.is_staff) {
    specs.push({
      key: 'staff',
      label: user.is_staff ? 'Снять права администратора' : 'Сделать администратором',
      title: user.is_staff ? 'Снять права администратора?' : 'Сделать администратором?',
      message: user.is_staff
        ? `${who} больше не сможет открыть раздел администрирования.`
        : `${who} получит доступ к разделу администрирования: пользователи, приглашения, регистрация.`,
      confirm: user.is_staff ? 'Снять права' : 'Сделать администратором',
      danger: user.is_staff,
      run: async () => (await setStaff(user.id, !user.is_staff)).detail,
    });
  }
  if (!isMe) {
    specs.push({
      key: 'delete',
      label: 'Удалить вместе с файлами',
      title: 'Удалить учётную запись?',
      message: `${who} и все файлы (${count(user.files, FILES)}, ${formatBytes(user.bytes)}) будут удалены без возможности восстановления.`,
      confirm: 'Удалить навсегда',
      danger: true,
      run: async () => {
        await deleteUser(user.id);
        return `Учётная запись ${user.email} удалена.`;
      },
    });
  }

  return (
    <li className="rounded-xl border border-line bg-surface p-4 shadow-card" data-testid="admin-user" data-email={user.email}>
      <Disclosure>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="truncate font-semibold">{user.name || user.email}</span>
              {user.is_staff ? <Badge tone="accent">Администратор</Badge> : null}
              {isMe ? <Badge>Это вы</Badge> : null}
              {!user.is_active ? <Badge tone="danger">Вход запрещён</Badge> : null}
              {!user.is_email_verified ? <Badge tone="warning">E-mail не подтверждён</Badge> : null}
              {user.two_factor ? <Badge tone="success">Двухэтапная проверка</Badge> : null}
            </p>
            {user.name ? <p className="truncate text-sm text-fg-muted">{user.email}</p> : null}
          </div>
          <DisclosureButton
            className="inline-flex min-h-10 shrink-0 items-center gap-2 rounded-lg border border-line bg-surface-2 px-3 text-sm font-medium text-fg hover:bg-surface-3 pointer-coarse:min-h-11"
            aria-label={`Действия: ${user.email}`}
          >
            Действия
            <LineIcon d="M6 9l6 6 6-6" className="h-4 w-4 transition-transform in-data-open:rotate-180" />
          </DisclosureButton>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="Файлы">{user.files}</Figure>
          <Figure label="Место">{quotaText(user, defaultQuota)}</Figure>
          <Figure label="Квота">{user.quota_bytes !== null ? 'своя' : defaultQuota !== null ? 'общая' : 'нет'}</Figure>
          <Figure label="Был(а)">{sinceText(user.last_seen_at)}</Figure>
        </dl>
        <DisclosurePanel className="mt-4 flex flex-wrap gap-2 border-t border-line pt-4">
          {specs.slice(0, 1).map((spec) => (
            <ActionButton key={spec.key} spec={spec} onAsk={setAsked} />
          ))}
          <Button variant="secondary" size="sm" className="pointer-coarse:min-h-11" onClick={() => setQuotaOpen(true)}>
            Изменить квоту
          </Button>
          {specs.slice(1).map((spec) => (
            <ActionButton key={spec.key} spec={spec} onAsk={setAsked} />
          ))}
        </DisclosurePanel>
      </Disclosure>
      <ConfirmDialog
        open={asked !== null}
        title={asked?.title ?? ''}
        message={asked?.message ?? ''}
        confirmLabel={asked?.confirm}
        danger={asked?.danger ?? false}
        busy={mutation.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => asked && mutation.mutate(asked)}
      />
      <QuotaDialog open={quotaOpen} user={user} defaultQuota={defaultQuota} onClose={() => setQuotaOpen(false)} />
    </li>
  );
}

function ActionButton({ spec, onAsk }: { spec: ActionSpec; onAsk: (spec: ActionSpec) => void }) {
  return (
    <Button
      variant={spec.key === 'delete' ? 'danger' : 'secondary'}
      size="sm"
      className="pointer-coarse:min-h-11"
      onClick={() => onAsk(spec)}
    >
      {spec.label}
    </Button>
  );
}
