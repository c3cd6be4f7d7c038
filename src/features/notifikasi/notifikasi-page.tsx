import { useDocumentTitle } from '@/ui/use-document-title';
import { NOTIFIKASI_MSG } from '@/domain/notifikasi';
import { NotifikasiList } from './notifikasi-list';

/**
 * The inbox as a page (a phone's, and where the panel's links lead on any screen), in the
 * other pages' frame: the title and 'Tandai semua dibaca' as the page's header, the
 * notifications in a card below.
 */
export function NotifikasiPage({ userId, role }: { userId: number | null; role: string | null }) {
  useDocumentTitle(NOTIFIKASI_MSG.title);
  return (
    <section className="page notifikasi-page">
      <NotifikasiList userId={userId} role={role} heading="h1" />
    </section>
  );
}
