'use client';

import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonRows } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { count } from '@/contract/words';
import { adminQueries } from '../lib/api';
import { LoadError, ScreenHeader } from './screen';
import { UserCard } from './user-card';

const ACCOUNTS = ['учётная запись', 'учётные записи', 'учётных записей'] as const;

/** «Пользователи»: every account (search by e-mail or name), what each keeps and its state, and what staff can do about it. */
export function UsersScreen() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const me = useQuery(adminQueries.me());
  const users = useQuery(adminQueries.users(deferred));
  return (
    <>
      <ScreenHeader
        title="Пользователи"
        description="Учётные записи этого сервера: состояние, файлы, место. Содержимое файлов здесь не видно."
      />
      <div className="mb-4 max-w-md">
        <TextField
          label="Поиск"
          type="search"
          placeholder="E-mail или имя"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
      </div>
      {users.isPending ? (
        <SkeletonRows label="Загрузка пользователей" rows={4} />
      ) : users.isError ? (
        <LoadError error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <EmptyState
          title="Никого не нашлось"
          description={deferred ? `По запросу «${deferred}» нет учётных записей.` : 'На сервере ещё нет учётных записей.'}
        />
      ) : (
        <>
          <p className="mb-2 text-sm text-fg-muted" role="status">
            {count(users.data.users.length, ACCOUNTS)}
          </p>
          <ul className="flex flex-col gap-3" aria-label="Учётные записи">
            {users.data.users.map((user) => (
              <UserCard key={user.id} user={user} defaultQuota={users.data.default_quota_bytes} isMe={user.id === me.data?.id} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
