import { Link } from '@tanstack/react-router';
import { DASHBOARD_MSG } from '@/domain/dashboard';
import { MSG } from '@/domain/messages';
import { useDocumentTitle } from '@/ui/use-document-title';

/** The access-denied sentence, an Indonesian line, and the way back (an installed app has no Back button). */
export function UnauthorizedPage() {
  useDocumentTitle('Unauthorized');
  return (
    <section className="page">
      <div className="card notice-card unauthorized-card">
        <h1 className="notice-title">{MSG.unauthorizedPage}</h1>
        <p>{DASHBOARD_MSG.unauthorizedHint}</p>
        <div>
          <Link to="/dashboard" className="btn btn-primary">
            {DASHBOARD_MSG.backToDashboard}
          </Link>
        </div>
      </div>
    </section>
  );
}
