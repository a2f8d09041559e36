'use client';

import { useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { ProfileSection } from '@/components/ui/section';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { useSnackbar } from '@/hooks/use-snackbar';
import type { Partner } from '@/contract/household';
import { dataText } from '@/lib/api/api-error';
import { errorInfo } from '@/lib/errors';
import { useEndPartner, usePartners, useSharePartner } from './use-partners';

export const PARTNERS_TITLE = 'Партнёры';
export const SHOW_MINE = 'Показывать мои фото и видео';
const WITH_AUDIO = 'и аудиозаписи';
const SHOWN_BY_ME = 'Вы показываете';
const SHOWN_TO_ME = 'Вам показывают';
const STOP = 'Прекратить';
const HIDE = 'Не показывать';
const SHARE_ERROR = 'Не удалось открыть доступ';
const CHANGE_ERROR = 'Не удалось изменить доступ';

const reasonOf = (error: unknown, fallback: string) => dataText(errorInfo(error).data) ?? fallback;
const whatShown = (p: Partner) => (p.include_audio ? 'Фото, видео и аудиозаписи' : 'Фото и видео');

/** One partner: avatar, name, address, what is shown, and how to end it (or, for mine, switch recordings). */
function PartnerRow({
  partner,
  busy,
  onEnd,
  onAudio,
}: {
  partner: Partner;
  busy: boolean;
  onEnd: () => void;
  onAudio?: (on: boolean) => void;
}) {
  const mine = partner.direction === 'shared_by_me';
  return (
    <li
      className="flex flex-wrap items-center gap-3 py-3"
      data-testid="partner"
      data-direction={partner.direction}
      data-user-id={partner.user.id}
    >
      <Avatar name={partner.user.name} photo={partner.user.photo_url} className="h-10 w-10 text-sm" />
      <div className="min-w-0 flex-1 basis-40">
        <p className="truncate text-sm font-medium text-fg">{partner.user.name}</p>
        <p className="truncate text-xs text-fg-muted">
          {partner.user.email} · {whatShown(partner)}
        </p>
      </div>
      {onAudio ? (
        <label className="flex min-h-11 items-center gap-2 text-sm text-fg">
          <input
            type="checkbox"
            checked={partner.include_audio}
            disabled={busy}
            onChange={(e) => onAudio(e.target.checked)}
            className="h-5 w-5 accent-accent"
          />
          Аудиозаписи
        </label>
      ) : null}
      <Button variant="secondary" size="sm" onClick={onEnd} disabled={busy} aria-label={`${mine ? STOP : HIDE}: ${partner.user.name}`}>
        {mine ? STOP : HIDE}
      </Button>
    </li>
  );
}

/**
 * «Партнёры» in the profile: «Показывать мои фото и видео» to an account of this server (and, when ticked, the
 * recordings), which then sees them in its «Фото» and «Видео» beside its own, marked as mine and only to look at;
 * who I show mine to («Прекратить») and who shows me theirs («Не показывать»). Either side ends it at once.
 */
export function PartnersSection() {
  const partners = usePartners();
  const share = useSharePartner();
  const end = useEndPartner();
  const { showSuccess, showError } = useSnackbar();
  const [email, setEmail] = useState('');
  const [withAudio, setWithAudio] = useState(false);
  const [emailError, setEmailError] = useState<string | undefined>(undefined);
  const emailRef = useRef<HTMLInputElement | null>(null);
  const busy = share.isPending || end.isPending;
  const all = partners.data ?? [];
  const byMe = all.filter((p) => p.direction === 'shared_by_me');
  const toMe = all.filter((p) => p.direction === 'shared_with_me');

  const onShare = async () => {
    if (!email.trim()) {
      setEmailError('Введите e-mail');
      emailRef.current?.focus();
      return;
    }
    try {
      const made = await share.mutateAsync({ email: email.trim(), include_audio: withAudio });
      setEmail('');
      setWithAudio(false);
      showSuccess(`${made.user.name} теперь видит ваши ${made.include_audio ? 'фото, видео и аудиозаписи' : 'фото и видео'}`);
    } catch (error) {
      setEmailError(reasonOf(error, SHARE_ERROR));
    }
    emailRef.current?.focus();
  };
  const onEnd = async (p: Partner) => {
    try {
      await end.mutateAsync({ userId: p.user.id, direction: p.direction });
      showSuccess(
        p.direction === 'shared_by_me' ? `${p.user.name} больше не видит ваши фото и видео` : `Фото и видео ${p.user.name} скрыты`,
      );
      emailRef.current?.focus();
    } catch (error) {
      showError(reasonOf(error, CHANGE_ERROR));
    }
  };
  const onAudio = async (p: Partner, on: boolean) => {
    try {
      await share.mutateAsync({ email: p.user.email, include_audio: on });
    } catch (error) {
      showError(reasonOf(error, CHANGE_ERROR));
    }
  };

  return (
    <ProfileSection id="partners-title" title={PARTNERS_TITLE}>
      <p className="mb-4 text-sm text-fg-muted">
        Партнёр видит все ваши фото и видео в своих разделах «Фото» и «Видео», рядом со своими и с вашим именем, — только смотреть, без
        права менять и удалять. Прекратить можно в любой момент, с любой стороны.
      </p>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void onShare();
        }}
        data-testid="partner-form"
      >
        <TextField
          ref={emailRef}
          label="E-mail партнёра"
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="name@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setEmailError(undefined);
          }}
          error={emailError}
        />
        <label className="flex min-h-11 items-center gap-3 text-sm text-fg">
          <input type="checkbox" checked={withAudio} onChange={(e) => setWithAudio(e.target.checked)} className="h-5 w-5 accent-accent" />
          {WITH_AUDIO}
        </label>
        <div>
          <Button type="submit" loading={share.isPending}>
            {SHOW_MINE}
          </Button>
        </div>
      </form>

      {partners.isPending ? (
        <div role="status" aria-label="Загрузка партнёров" className="mt-5 flex flex-col gap-2">
          <Skeleton className="h-12" />
        </div>
      ) : partners.isError ? (
        <div className="mt-5">
          <LoadFailed message="Не удалось загрузить партнёров" onRetry={() => void partners.refetch()} />
        </div>
      ) : (
        <div className="mt-5 grid gap-5 lg:grid-cols-2">
          <div>
            <h4 className="text-sm font-semibold text-fg">{SHOWN_BY_ME}</h4>
            {byMe.length ? (
              <ul aria-label={SHOWN_BY_ME} className="divide-y divide-line">
                {byMe.map((p) => (
                  <PartnerRow key={p.user.id} partner={p} busy={busy} onEnd={() => void onEnd(p)} onAudio={(on) => void onAudio(p, on)} />
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-fg-muted">Вы пока никому не показываете свои фото и видео.</p>
            )}
          </div>
          <div>
            <h4 className="text-sm font-semibold text-fg">{SHOWN_TO_ME}</h4>
            {toMe.length ? (
              <ul aria-label={SHOWN_TO_ME} className="divide-y divide-line">
                {toMe.map((p) => (
                  <PartnerRow key={p.user.id} partner={p} busy={busy} onEnd={() => void onEnd(p)} />
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-fg-muted">
                Вам пока никто не показывает свои фото и видео. Когда покажут, они появятся в «Фото» и «Видео» с именем владельца.
              </p>
            )}
          </div>
        </div>
      )}
    </ProfileSection>
  );
}
