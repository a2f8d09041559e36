import { HomePage } from '@/components/home/home-page';

export default function Page() {
  return <HomePage />;
}
