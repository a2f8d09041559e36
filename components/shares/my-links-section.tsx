'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ProfileSection } from '@/components/ui/section';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useSnackbar } from '@/hooks/use-snackbar';
import { ApiError, dataText } from '@/lib/api/api-error';
import { deleteShare, resumeShare, shareQueries, type Share } from '@/lib/api/shares';
import { count } from '@/contract/words';
import { KIND_NAMES } from '@/lib/media/kind-names';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateFormat.format(new Date(iso));

const RESUME_FAILED = 'Не удалось включить ссылку. Попробуйте ещё раз.';

function targetLabel(share: Share): string {
  const what = 'album' in share.target ? 'Альбом' : KIND_NAMES[share.target.kind].one;
  return `${what} «${share.target.title || 'Без названия'}»`;
}

function expiryLabel(share: Share): string {
  if (!share.expires_at) return 'Бессрочно';
  const at = when(share.expires_at);
  return new Date(share.expires_at).getTime() <= Date.now() ? `Истекла ${at}` : `До ${at}`;
}

function LinkRow({ share }: { share: Share }) {
  const queryClient = useQueryClient();
  const { showSuccess, showError } = useSnackbar();
  const revoke = useMutation({
    mutationFn: () => deleteShare(share.id),
    onSuccess: () => {
      showSuccess('Ссылка отключена');
      void queryClient.invalidateQueries({ queryKey: shareQueries.all() });
    },
    onError: () => showError('Не удалось отключить ссылку. Попробуйте ещё раз.'),
  });
  const resume = useMutation({
    mutationFn: () => resumeShare(share.id),
    onSuccess: () => {
      showSuccess('Ссылка снова действует');
      void queryClient.invalidateQueries({ queryKey: shareQueries.all() });
    },
    onError: (e) => showError(e instanceof ApiError ? (dataText(e.data) ?? RESUME_FAILED) : RESUME_FAILED),
  });
  const label = targetLabel(share);
  const paused = share.paused_at !== null;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="my-link" aria-label={label}>
      <div className="min-w-0">
        <p className="break-words font-medium text-fg">{label}</p>
        <p className="text-sm text-fg-muted">
          {expiryLabel(share)}
          {share.has_password ? ' · с паролем' : ''}
          {share.allow_download ? ' · скачивание разрешено' : ''}
          {share.active || paused ? '' : ' · не действует'}
        </p>
        {paused ? (
          <p className="mt-1 text-sm text-warning-text" data-testid="paused-note">
            <span className="font-medium">Приостановлена</span> {when(share.paused_at!)}: её создал сеанс, завершённый при смене или сбросе
            пароля либо по ссылке «Это был не я». Пока вы её не включите, она не открывается.
          </p>
        ) : null}
        <p className="text-sm text-fg-muted">
          Просмотры: {share.view_count}
          {share.last_viewed_at ? ` · последний ${when(share.last_viewed_at)}` : ' · ещё не открывали'}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {paused ? (
          <Button
            onClick={() => resume.mutate()}
            loading={resume.isPending}
            className="w-fit max-sm:min-h-11"
            aria-label={`Включить: ${label}`}
          >
            Включить
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => revoke.mutate()} loading={revoke.isPending} className="w-fit max-sm:min-h-11">
          Отключить
        </Button>
      </div>
    </li>
  );
}

/**
 * «Мои ссылки»: every link the owner made, its target, term, views and last view, and «Отключить». A link that a
 * password change, a reset or «Это был не я» paused says so, with «Включить» to turn it back on in one click.
 */
export function MyLinksSection() {
  const links = useQuery(shareQueries.list());
  return (
    <ProfileSection id="my-links" title="Мои ссылки">
      {links.isPending ? (
        <Spinner label="Загрузка ссылок…" />
      ) : links.isError ? (
        <FormAlert>
          <p>Не удалось загрузить ссылки.</p>
          <Button variant="secondary" className="mt-2" onClick={() => void links.refetch()}>
            Повторить
          </Button>
        </FormAlert>
      ) : links.data.length === 0 ? (
        <p className="text-sm text-fg-muted">Ссылок пока нет. Нажмите «Поделиться» у записи, фотографии или видео.</p>
      ) : (
        <>
          <p className="text-sm text-fg-muted">{count(links.data.length, ['ссылка', 'ссылки', 'ссылок'])}</p>
          <ul className="divide-y divide-line">
            {links.data.map((s) => (
              <LinkRow key={s.id} share={s} />
            ))}
          </ul>
        </>
      )}
    </ProfileSection>
  );
}
