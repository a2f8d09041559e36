import type { Metadata } from 'next';
import { AuditScreen } from '../../components/audit-screen';

export const metadata: Metadata = { title: 'Журнал — Администрирование — Копилка' };

export default function Page() {
  return <AuditScreen />;
}
