'use client';

import { MyLinksSection } from '@/components/shares/my-links-section';
import { PartnersSection } from '@/components/partners/partners-section';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/components/profile/use-profile';
import { errorInfo, profileFetchError } from '@/lib/errors';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { EmailChangeSection } from './email-change-section';
import { LinkedProviders } from './linked-providers';
import { PasskeysSection } from './passkeys-section';
import { PhoneVerification } from './phone-verification';
import { PhotoSection } from './photo-section';
import { ProfileInfoForm } from './profile-info-form';
import { PROFILE_GROUPS, ProfileSectionsNav } from './profile-sections-nav';
import { ProfileGroup } from '@/components/ui/section';
import { SessionsSection } from './sessions-section';
import { StorageSection } from './storage-section';
import { TwoFactorSection } from './two-factor-section';

const [ACCOUNT, SECURITY, STORAGE] = PROFILE_GROUPS;

/**
 * The profile in three groups, each a column of cards: «Аккаунт» (who you are, how to reach you, leaving),
 * «Безопасность» (how you sign in, and where you are signed in), «Хранилище» (the space taken and the links
 * given out). Their links stay in view: a row on a phone, a column beside the cards on a wide screen.
 */
export function ProfilePage() {
  const profile = useProfile();

  return (
    <div className="mx-auto flex w-full max-w-settings flex-col gap-6 lg:max-w-[60rem]">
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
        <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[11rem_minmax(0,1fr)] lg:gap-8">
          <ProfileSectionsNav />
          <div className="flex min-w-0 flex-col gap-10">
            <ProfileGroup {...ACCOUNT}>
              <PhotoSection user={profile.data} />
              <ProfileInfoForm user={profile.data} />
              <PhoneVerification user={profile.data} />
              <EmailChangeSection user={profile.data} />
              <DeleteAccount />
            </ProfileGroup>
            <ProfileGroup {...SECURITY}>
              <ChangePasswordForm />
              <TwoFactorSection />
              <PasskeysSection />
              <LinkedProviders />
              <SessionsSection />
            </ProfileGroup>
            <ProfileGroup {...STORAGE}>
              <StorageSection />
              <PartnersSection />
              <MyLinksSection />
            </ProfileGroup>
          </div>
        </div>
      )}
    </div>
  );
}
