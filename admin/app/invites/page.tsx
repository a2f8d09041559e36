import type { Metadata } from 'next';
import { InvitesScreen } from '../../components/invites-screen';

export const metadata: Metadata = { title: 'Приглашения — Администрирование — Копилка' };

export default function Page() {
  return <InvitesScreen />;
}
