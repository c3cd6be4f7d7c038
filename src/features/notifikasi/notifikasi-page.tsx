import { useDocumentTitle } from '@/ui/use-document-title';
import { NOTIFIKASI_MSG } from '@/domain/notifikasi';
import { NotifikasiList } from './notifikasi-list';

/** The inbox as a page (a phone's, and where the panel's links lead on any screen). */
export function NotifikasiPage({ userId, role }: { userId: number | null; role: string | null }) {
  useDocumentTitle(NOTIFIKASI_MSG.title);
  return (
    <div className="page notifikasi-page">
      <NotifikasiList userId={userId} role={role} heading="h1" />
    </div>
  );
}
