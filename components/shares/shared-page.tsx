'use client';

import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AudioPlayer } from '@/components/player/audio-player';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { Spinner } from '@/components/ui/spinner';
import { openShare, shareOpenRefusal, shareTokenFromHash, type SharedView } from '@/lib/api/shares';
import { SHARE_MESSAGES, type SharedItem } from '@/contract/shares';
import { count } from '@/contract/words';
import { SharedItems } from './shared-items';
import { sharedTitle } from './shared-words';
import type { ViewableShared } from './shared-viewer';

// The viewer (the dialog library, its gestures) is fetched when a photo or a video is first opened.
const SharedViewer = lazyDialog(() => import('./shared-viewer').then((m) => m.SharedViewer));

const dateFormat = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long', timeStyle: 'short' });

/** «7 элементов», as the owner's album counts them. */
const albumCount = (n: number) => count(n, ['элемент', 'элемента', 'элементов']);

const TOO_MANY = 'Слишком много попыток. Попробуйте позже.';
const OTHER = 'Не удалось открыть ссылку. Проверьте соединение и попробуйте ещё раз.';
const MORE_FAILED = 'Не удалось загрузить продолжение. Проверьте соединение и попробуйте ещё раз.';

/** «Скачать», when the link allows it: a share-scoped attachment of the same clean copy. */
function Download({ item }: { item: SharedItem }) {
  if (!item.download_url) return null;
  return (
    <a
      href={item.download_url}
      download
      className="inline-flex min-h-10 w-fit items-center justify-center rounded-md border border-line-strong bg-surface px-4 py-2 text-sm font-medium text-fg hover:bg-surface-2 pointer-coarse:min-h-11"
    >
      Скачать
    </a>
  );
}

/** A link's one item: the recording with its waveform player, the photo, or the video. */
function SharedItemView({ item, single }: { item: SharedItem; single: boolean }) {
  const title = sharedTitle(item);
  return (
    <article
      aria-label={title}
      data-testid="shared-item"
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 shadow-card"
    >
      {single ? null : <h2 className="break-words text-base font-semibold text-fg">{title}</h2>}
      {item.kind === 'audio' ? (
        item.audio_file ? (
          <AudioPlayer src={item.audio_file} peaks={item.waveform_data} duration={item.duration} title={title} />
        ) : null
      ) : item.kind === 'photo' ? (
        item.preview || item.file ? (
          <img
            src={item.preview ?? item.file ?? undefined}
            alt={title}
            // A page holds up to 200: only those near the screen are fetched.
            loading="lazy"
            width={item.width ?? undefined}
            height={item.height ?? undefined}
            className="mx-auto h-auto max-h-[75vh] w-auto max-w-full rounded-md object-contain"
          />
        ) : null
      ) : item.playable ? (
        <video
          src={item.playable}
          poster={item.poster ?? undefined}
          controls
          playsInline
          preload="metadata"
          className="aspect-video w-full rounded-md bg-slate-900"
          aria-label={`Видео: ${title}`}
        />
      ) : null}
      {!single && item.description ? <p className="whitespace-pre-line break-words text-sm text-fg-muted">{item.description}</p> : null}
      <Download item={item} />
    </article>
  );
}

/**
 * The album's following pages (the server answers 200 items at a time): asked for as the end of the list comes
 * within a screen or two of the viewport, or by «Показать ещё» (the keyboard's way, and the way again after a
 * failure). A cursor that has run out (a page left open for hours) offers to open the link again.
 */
function useMorePages(first: SharedView, token: string, password: string) {
  const [pages, setPages] = useState<SharedView[]>([first]);
  const next = pages[pages.length - 1]!.next;
  const more = useMutation({
    mutationFn: (cursor: string) => openShare(token, password || undefined, cursor),
    onSuccess: (page) => setPages((before) => [...before, page]),
  });
  const { mutate, isPending, isError } = more;
  const load = useCallback(() => {
    if (next) mutate(next);
  }, [next, mutate]);
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !next || isPending || isError || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), { rootMargin: '1500px 0px' });
    seen.observe(el);
    return () => seen.disconnect();
  }, [next, isPending, isError, load]);
  const refusal = isError ? shareOpenRefusal(more.error) : null;
  return { items: pages.flatMap((p) => p.items), next, load, loading: isPending, refusal, sentinel };
}

function View({ view, token, password, onReopen }: { view: SharedView; token: string; password: string; onReopen: () => void }) {
  const single = view.kind !== 'album';
  const { items, next, load, loading, refusal, sentinel } = useMorePages(view, token, password);
  // A shared album's photos and videos open full-screen, going through them in the album's order.
  const viewable = useMemo(() => items.filter((item): item is ViewableShared => item.kind !== 'audio'), [items]);
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <div className={`mx-auto flex w-full flex-col gap-4 ${single ? 'max-w-3xl' : 'max-w-section'}`}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
          <h1 className="break-words text-2xl font-semibold tracking-tight text-fg">{view.title || 'Без названия'}</h1>
          {view.description ? <p className="whitespace-pre-line break-words text-fg-muted">{view.description}</p> : null}
          <p className="text-sm text-fg-muted">
            {single ? null : <span data-testid="shared-count">{albumCount(view.item_count)}</span>}
            {!single && view.expires_at ? ' · ' : null}
            {view.expires_at ? `Ссылка действует до ${dateFormat.format(new Date(view.expires_at))}` : null}
          </p>
        </div>
        {view.download_all_url ? (
          // One ZIP of every item's served copy, made as it downloads (the browser saves it straight to disk).
          <a
            href={view.download_all_url}
            download
            className="inline-flex min-h-10 items-center justify-center gap-2 rounded-md bg-accent px-4 py-2 text-sm font-medium text-accent-fg hover:bg-accent-hover pointer-coarse:min-h-11"
          >
            Скачать всё
          </a>
        ) : null}
      </header>
      {items.length === 0 ? <p className="text-fg-muted">В альбоме пока ничего нет.</p> : null}
      {single ? (
        items.map((item) => <SharedItemView key={`${item.kind}-${item.id}`} item={item} single />)
      ) : (
        <SharedItems items={items} onOpen={(item) => setOpened(item.id)} />
      )}
      {opened !== null ? <SharedViewer items={viewable} id={opened} onMove={setOpened} onClose={() => setOpened(null)} /> : null}
      {next ? (
        <div ref={sentinel} className="flex flex-col items-center gap-3 py-4" data-testid="shared-more">
          {loading ? (
            <Spinner className="h-6 w-6 text-accent-text" label="Загружаем ещё…" />
          ) : refusal === 'stale' ? (
            <>
              <FormAlert>{SHARE_MESSAGES.staleCursor}</FormAlert>
              <Button variant="secondary" onClick={onReopen}>
                Открыть заново
              </Button>
            </>
          ) : (
            <>
              {refusal ? <FormAlert>{refusal === 'too_many' ? TOO_MANY : MORE_FAILED}</FormAlert> : null}
              <Button variant="secondary" onClick={load}>
                Показать ещё
              </Button>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

function Invalid() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center" data-testid="share-invalid">
      <h1 className="text-xl font-semibold text-fg">{SHARE_MESSAGES.invalid}</h1>
      <p className="text-fg-muted">Попросите того, кто прислал ссылку, поделиться ещё раз.</p>
    </div>
  );
}

/**
 * The public page of a link, `/s/#<token>`: no sign-in; the token is read from the fragment (never sent by
 * the browser) and goes to the server only in the body of the open request. Asks for the password first when
 * the link has one; says plainly when the link is unknown, revoked or expired.
 */
export function SharedPage() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState('');
  const open = useMutation({ mutationFn: (pw?: string) => openShare(token!, pw) });
  const { mutate } = open;

  useEffect(() => {
    const read = () => setToken(shareTokenFromHash(window.location.hash));
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  useEffect(() => {
    if (token) mutate(undefined);
  }, [token, mutate]);

  if (token === null) return <Invalid />;
  // Keyed by the answer: opening again starts the album from its first page.
  if (open.data)
    return (
      <View key={open.submittedAt} view={open.data} token={token!} password={password} onReopen={() => mutate(password || undefined)} />
    );
  const refusal = open.isError ? shareOpenRefusal(open.error) : null;
  if (refusal === 'invalid') return <Invalid />;
  if (refusal === 'password_required' || refusal === 'wrong_password' || (refusal === 'too_many' && password)) {
    return (
      <form
        className="mx-auto flex w-full max-w-sm flex-col gap-4 py-10"
        onSubmit={(e) => {
          e.preventDefault();
          mutate(password);
        }}
      >
        <h1 className="text-xl font-semibold text-fg">Ссылка защищена паролем</h1>
        <p className="text-sm text-fg-muted">Введите пароль, который вам сообщили вместе со ссылкой.</p>
        <PasswordField
          label="Пароль"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus
          required
          error={refusal === 'wrong_password' ? SHARE_MESSAGES.wrongPassword : refusal === 'too_many' ? TOO_MANY : undefined}
        />
        <Button type="submit" loading={open.isPending}>
          Открыть
        </Button>
      </form>
    );
  }
  if (refusal) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
        <FormAlert>{refusal === 'too_many' ? TOO_MANY : OTHER}</FormAlert>
        <Button variant="secondary" onClick={() => mutate(password || undefined)}>
          Повторить
        </Button>
      </div>
    );
  }
  return (
    <div className="flex justify-center py-16 text-accent-text">
      <Spinner className="h-6 w-6" label="Открываем ссылку…" />
    </div>
  );
}
