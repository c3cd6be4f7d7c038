import { PushOptIn } from './push-optin';
import './notifikasi.css';

/** The profile's 'Notifikasi' card: push to this device. */
export function PushCard({ userId }: { userId: number | null }) {
  return (
    <section className="card form-card" aria-labelledby="profile-push-title">
      <h2 id="profile-push-title">Notifikasi</h2>
      <PushOptIn userId={userId} />
    </section>
  );
}
