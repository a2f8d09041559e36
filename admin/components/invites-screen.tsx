'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form-alert';
import { SkeletonRows } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import type { AdminInvite, CreatedInvite } from '@/contract/admin';
import { isEmail, normaliseEmail } from '@/contract/email';
import { useSnackbar } from '@/hooks/use-snackbar';
import { adminQueries, createInvite, revokeInvite } from '../lib/api';
import { formatDateTime, INVITE_STATE_NAMES, REGISTRATION_NAMES } from '../lib/words';
import { Badge, failureText, LoadError, ScreenHeader } from './screen';

const STATE_TONES = { active: 'success', used: 'neutral', expired: 'warning', revoked: 'danger' } as const;

/** The link of a new invitation, shown once (only its hash is kept): copy it or hand it over. */
function NewLink({ invite }: { invite: CreatedInvite }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="rounded-xl border border-success-line bg-success-soft p-4" role="status">
      <p className="text-sm font-medium text-success-text">
        Приглашение создано{invite.email ? ` и отправлено на ${invite.email}` : ''}. Ссылка показывается один раз:
      </p>
      <p className="mt-2 break-all rounded-md border border-line bg-surface px-3 py-2 font-mono text-sm" data-testid="invite-link">
        {invite.url}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          className="pointer-coarse:min-h-11"
          onClick={() => {
            void navigator.clipboard?.writeText(invite.url).then(() => setCopied(true));
          }}
        >
          {copied ? 'Скопировано' : 'Скопировать ссылку'}
        </Button>
        <span className="text-xs text-fg-muted">Действует до {formatDateTime(invite.expires_at)}, один раз.</span>
      </div>
    </div>
  );
}

/** «Приглашения»: make a link (for anyone, or for one address), see them all, revoke one not used yet. */
export function InvitesScreen() {
  const queryClient = useQueryClient();
  const { showSuccess, showError } = useSnackbar();
  const invites = useQuery(adminQueries.invites());
  const settings = useQuery(adminQueries.settings());
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [made, setMade] = useState<CreatedInvite | null>(null);
  const [revoking, setRevoking] = useState<AdminInvite | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminQueries.invites().queryKey });

  const create = useMutation({
    mutationFn: (address: string | null) => createInvite(address),
    onSuccess: (invite) => {
      setMade(invite);
      setEmail('');
      void refresh();
    },
    onError: (e) => showError(failureText(e)),
  });
  const revoke = useMutation({
    mutationFn: (invite: AdminInvite) => revokeInvite(invite.id),
    onSuccess: () => {
      showSuccess('Приглашение отозвано.');
      setRevoking(null);
      void refresh();
    },
    onError: (e) => {
      showError(failureText(e));
      setRevoking(null);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const address = normaliseEmail(email);
    if (address && !isEmail(address)) {
      setEmailError('Введите корректный email');
      emailRef.current?.focus();
      return;
    }
    setEmailError(null);
    create.mutate(address || null);
  };

  const mode = settings.data?.registration;
  return (
    <>
      <ScreenHeader title="Приглашения" description="Ссылка на регистрацию: действует 7 дней и один раз. Можно выдать её на один адрес." />
      {mode && mode !== 'invite' ? (
        <div className="mb-4">
          <FormAlert kind="info">
            Сейчас регистрация: {REGISTRATION_NAMES[mode].label.toLowerCase()}. Приглашения работают при любом режиме, кроме закрытого.
          </FormAlert>
        </div>
      ) : null}
      <form
        onSubmit={submit}
        noValidate
        className="mb-6 flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-end"
      >
        <TextField
          ref={emailRef}
          label="E-mail приглашённого (необязательно)"
          type="email"
          autoComplete="off"
          className="flex-1"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError ?? undefined}
          hint="С адресом ссылка придёт на него письмом и подойдёт только для него."
        />
        <Button type="submit" loading={create.isPending} className="pointer-coarse:min-h-11 sm:mb-6">
          Создать приглашение
        </Button>
      </form>
      {made ? (
        <div className="mb-6">
          <NewLink invite={made} />
        </div>
      ) : null}
      {invites.isPending ? (
        <SkeletonRows label="Загрузка приглашений" rows={3} />
      ) : invites.isError ? (
        <LoadError error={invites.error} onRetry={() => void invites.refetch()} />
      ) : invites.data.length === 0 ? (
        <EmptyState title="Приглашений пока нет" description="Создайте приглашение, чтобы позвать кого-нибудь в Копилку." />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Приглашения">
          {invites.data.map((invite) => (
            <li
              key={invite.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4"
              data-testid="admin-invite"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{invite.email ?? 'Для любого адреса'}</span>
                  <Badge tone={STATE_TONES[invite.state]}>{INVITE_STATE_NAMES[invite.state]}</Badge>
                </p>
                <p className="text-sm text-fg-muted">
                  {invite.state === 'used'
                    ? `Использовано ${formatDateTime(invite.used_at)}${invite.used_by ? `: ${invite.used_by}` : ''}`
                    : `Создано ${formatDateTime(invite.created_at)}, действует до ${formatDateTime(invite.expires_at)}`}
                  {invite.created_by ? ` · ${invite.created_by}` : ' · командная строка'}
                </p>
              </div>
              {invite.state === 'active' ? (
                <Button variant="secondary" size="sm" className="pointer-coarse:min-h-11" onClick={() => setRevoking(invite)}>
                  Отозвать
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Отозвать приглашение?"
        message={`Ссылка ${revoking?.email ? `для ${revoking.email} ` : ''}перестанет работать.`}
        confirmLabel="Отозвать"
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </>
  );
}
