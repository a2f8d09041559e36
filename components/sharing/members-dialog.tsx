'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Listbox } from '@/components/ui/listbox';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { useSnackbar } from '@/hooks/use-snackbar';
import { ALBUM_ROLE_LABELS, type AlbumMember, type AlbumMemberRole } from '@/contract/household';
import { dataText } from '@/lib/api/api-error';
import { albumQueries, updateAlbum, type Album } from '@/lib/api/albums';
import { errorInfo } from '@/lib/errors';
import {
  ALLOW_DOWNLOAD,
  INVITE,
  INVITE_EMAIL,
  INVITE_ERROR,
  INVITE_ROLE,
  invited,
  LEAVE_ALBUM,
  LEAVE_ERROR,
  LEFT_ALBUM,
  MEMBER_CHANGE_ERROR,
  MEMBERS_LOAD_ERROR,
  MEMBERS_TITLE,
  NO_MEMBERS,
  REMOVE_MEMBER,
  removedMember,
  ROLE_CHOICES,
  ROLES_HINT,
} from './sharing-words';
import { useAlbumMembers, useInviteMember, useLeaveAlbum, useRemoveMember, useSetMemberRole } from './use-album-members';

/** A failed request's words: the server's (Russian) when it said any, else ours. */
const reasonOf = (error: unknown, fallback: string) => dataText(errorInfo(error).data) ?? fallback;

export interface MembersDialogProps {
  album: Pick<Album, 'id' | 'title' | 'role' | 'allow_download'>;
  /** The account looking (its own row says «вы»). */
  viewerId: number | null;
  onClose: () => void;
  /** After «Выйти из альбома»: the album is no longer there to show. */
  onLeft: () => void;
}

/**
 * «Участники»: who the album is shared with, the owner first. Its owner invites an account of this server by
 * e-mail as «Просмотр» or «Участник», changes a member's role, removes a member and lets members download; a member
 * sees the people and leaves the album. Each change is said in the snackbar; the focus stays in the dialog.
 */
export function MembersDialog({ album, viewerId, onClose, onLeft }: MembersDialogProps) {
  const owner = album.role === 'owner';
  const members = useAlbumMembers(album.id);
  const invite = useInviteMember(album.id);
  const setRole = useSetMemberRole(album.id);
  const remove = useRemoveMember(album.id);
  const leave = useLeaveAlbum(album.id);
  const queryClient = useQueryClient();
  const downloads = useMutation({
    mutationFn: (allow: boolean) => updateAlbum(album.id, { allow_download: allow }),
    onSuccess: (saved) => {
      queryClient.setQueryData(albumQueries.detail(album.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: albumQueries.all() });
    },
  });
  const { showSuccess, showError } = useSnackbar();
  const [email, setEmail] = useState('');
  const [role, setRoleChoice] = useState<AlbumMemberRole>('viewer');
  const [emailError, setEmailError] = useState<string | undefined>(undefined);
  const [leaving, setLeaving] = useState(false);
  const emailRef = useRef<HTMLInputElement | null>(null);
  const busy = invite.isPending || setRole.isPending || remove.isPending || leave.isPending;

  const onInvite = async () => {
    if (!email.trim()) {
      setEmailError('Введите e-mail');
      emailRef.current?.focus();
      return;
    }
    try {
      const member = await invite.mutateAsync({ email: email.trim(), role });
      setEmail('');
      showSuccess(invited(member.user.name));
    } catch (error) {
      setEmailError(reasonOf(error, INVITE_ERROR));
    }
    emailRef.current?.focus();
  };
  const onRole = async (member: AlbumMember, next: AlbumMemberRole) => {
    try {
      await setRole.mutateAsync({ userId: member.user.id, role: next });
    } catch (error) {
      showError(reasonOf(error, MEMBER_CHANGE_ERROR));
    }
  };
  const onRemove = async (member: AlbumMember) => {
    try {
      await remove.mutateAsync(member.user.id);
      showSuccess(removedMember(member.user.name));
      emailRef.current?.focus();
    } catch (error) {
      showError(reasonOf(error, MEMBER_CHANGE_ERROR));
    }
  };
  const onLeave = async () => {
    try {
      await leave.mutateAsync();
      setLeaving(false);
      showSuccess(LEFT_ALBUM);
      onLeft();
    } catch (error) {
      setLeaving(false);
      showError(reasonOf(error, LEAVE_ERROR));
    }
  };

  const people = members.data ?? [];
  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={MEMBERS_TITLE}
      width={560}
      variant="sheet"
      footer={
        <>
          {owner ? null : (
            <Button variant="danger" onClick={() => setLeaving(true)} disabled={busy} className="mr-auto">
              {LEAVE_ALBUM}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Готово
          </Button>
        </>
      }
    >
      <p className="mb-4 break-words text-sm text-fg-muted">
        Альбом «<span className="font-medium text-fg">{album.title}</span>»
      </p>
      {owner ? (
        <form
          className="mb-5 flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void onInvite();
          }}
          data-testid="invite-form"
        >
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <TextField
              ref={emailRef}
              label={INVITE_EMAIL}
              type="email"
              autoComplete="off"
              inputMode="email"
              placeholder="name@example.com"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setEmailError(undefined);
              }}
              error={emailError}
              className="min-w-0 flex-1"
            />
            <Listbox label={INVITE_ROLE} value={role} onChange={setRoleChoice} options={ROLE_CHOICES} className="sm:w-40" />
          </div>
          <p className="text-xs text-fg-muted">{ROLES_HINT}</p>
          <div>
            <Button type="submit" loading={invite.isPending} disabled={busy && !invite.isPending}>
              {INVITE}
            </Button>
          </div>
        </form>
      ) : null}

      {members.isPending ? (
        <div role="status" aria-label="Загрузка участников" className="flex flex-col gap-2">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : members.isError ? (
        <LoadFailed message={MEMBERS_LOAD_ERROR} onRetry={() => void members.refetch()} />
      ) : (
        <>
          <ul aria-label={MEMBERS_TITLE} className="flex flex-col divide-y divide-line rounded-xl border border-line" data-testid="members">
            {people.map((person) => {
              const me = person.user.id === viewerId;
              return (
                <li
                  key={person.user.id}
                  className="flex flex-wrap items-center gap-3 p-3"
                  data-testid="member"
                  data-user-id={person.user.id}
                >
                  <Avatar name={person.user.name} photo={person.user.photo_url} className="h-10 w-10 text-sm" />
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="truncate text-sm font-medium text-fg">
                      {person.user.name}
                      {me ? <span className="font-normal text-fg-muted"> (вы)</span> : null}
                    </p>
                    {person.user.email ? <p className="truncate text-xs text-fg-muted">{person.user.email}</p> : null}
                  </div>
                  {owner && person.role !== 'owner' ? (
                    <div className="flex items-center gap-2">
                      <Listbox
                        label={`Роль: ${person.user.name}`}
                        hideLabel
                        size="sm"
                        value={person.role}
                        onChange={(next) => void onRole(person, next)}
                        options={ROLE_CHOICES}
                        disabled={busy}
                        className="w-32"
                      />
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => void onRemove(person)}
                        disabled={busy}
                        aria-label={`${REMOVE_MEMBER}: ${person.user.name}`}
                      >
                        {REMOVE_MEMBER}
                      </Button>
                    </div>
                  ) : (
                    <span className="text-sm text-fg-muted">{ALBUM_ROLE_LABELS[person.role]}</span>
                  )}
                </li>
              );
            })}
          </ul>
          {owner && people.length <= 1 ? <p className="mt-3 text-sm text-fg-muted">{NO_MEMBERS}</p> : null}
        </>
      )}

      {owner ? (
        <label className="mt-4 flex min-h-11 items-center gap-3 text-sm text-fg">
          <input
            type="checkbox"
            checked={downloads.isPending ? downloads.variables : album.allow_download}
            onChange={(e) => downloads.mutate(e.target.checked)}
            disabled={downloads.isPending}
            className="h-5 w-5 accent-accent"
          />
          {ALLOW_DOWNLOAD}
        </label>
      ) : null}
      {downloads.isError ? <FormAlert>{reasonOf(downloads.error, MEMBER_CHANGE_ERROR)}</FormAlert> : null}

      <ConfirmDialog
        open={leaving}
        title={`${LEAVE_ALBUM}?`}
        message={<p>Альбом «{album.title}» пропадёт из ваших альбомов. Ваши фото, видео и записи уйдут из него, но останутся в Копилке.</p>}
        confirmLabel={LEAVE_ALBUM}
        busy={leave.isPending}
        onConfirm={() => void onLeave()}
        onCancel={() => setLeaving(false)}
      />
    </Dialog>
  );
}
