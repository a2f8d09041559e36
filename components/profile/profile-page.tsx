'use client';

import { MyLinksSection } from '@/components/shares/my-links-section';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/hooks/use-profile';
import { errorInfo, profileFetchError } from '@/lib/errors';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { EmailChangeSection } from './email-change-section';
import { LinkedProviders } from './linked-providers';
import { PasskeysSection } from './passkeys-section';
import { PhoneVerification } from './phone-verification';
import { PhotoSection } from './photo-section';
import { ProfileInfoForm } from './profile-info-form';
import { SessionsSection } from './sessions-section';
import { StorageSection } from './storage-section';
import { TwoFactorSection } from './two-factor-section';

export function ProfilePage() {
  const profile = useProfile();

  return (
    <div className="mx-auto flex w-full max-w-settings flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">Профиль</h1>
      {profile.isPending ? (
        <div className="flex justify-center py-10 text-accent-text">
          <Spinner className="h-6 w-6" label="Загрузка профиля…" />
        </div>
      ) : profile.isError || !profile.data ? (
        <FormAlert>
          <p>{profileFetchError(errorInfo(profile.error))}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void profile.refetch()}>
            Повторить
          </Button>
        </FormAlert>
      ) : (
        <>
          <PhotoSection user={profile.data} />
          <ProfileInfoForm user={profile.data} />
          <PhoneVerification user={profile.data} />
          <EmailChangeSection user={profile.data} />
          <StorageSection />
          <ChangePasswordForm />
          <TwoFactorSection />
          <PasskeysSection />
          <LinkedProviders />
          <SessionsSection />
          <MyLinksSection />
          <DeleteAccount />
        </>
      )}
    </div>
  );
}
