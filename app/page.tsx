import { GuestHome } from '@/components/home/guest-home';
import { HomePage } from '@/components/home/home-page';

export default function Page() {
  return <HomePage guest={<GuestHome />} />;
}
