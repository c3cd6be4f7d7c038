import { useState } from 'react';
import { updateProfile, type SessionUser } from '@/api/auth';
import { errorMessage, type ApiClient } from '@/api/client';
import { PENGINGAT_MSG } from '@/domain/pengingat';
import { Alert, type AlertTone } from '@/ui/alert';
import { useOnlineStatus } from '@/ui/use-online-status';

interface ReminderPanelProps {
  api: ApiClient;
  /** The loaded profile; null while it loads (the switch waits). */
  profile: SessionUser | null;
  onUserUpdated: (user: SessionUser) => void;
}

/**
 * The profile's 'Terima pengingat' switch: whether the daily reminders (incomplete scores before
 * an internship ends, participants waiting long for the user's approval) reach this user. Saved
 * at once; a failed save leaves the switch as stored and says why. Online only: offline it says
 * so and cannot be changed.
 */
export function ReminderPanel({ api, profile, onUserUpdated }: ReminderPanelProps) {
  const online = useOnlineStatus();
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ tone: AlertTone; text: string } | null>(null);
  // Until the server said otherwise, reminders are on (the default of every account).
  const on = profile?.terima_pengingat ?? true;

  async function toggle(next: boolean) {
    if (!profile) return;
    setSaving(true);
    setStatus(null);
    try {
      const user = await updateProfile(api, { username: profile.username, terima_pengingat: next });
      onUserUpdated({ ...profile, ...user });
      setStatus({ tone: 'success', text: PENGINGAT_MSG.saved });
    } catch (e) {
      setStatus({ tone: 'error', text: errorMessage(e, PENGINGAT_MSG.saveFailed) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card form-card" aria-labelledby="profile-reminder-title">
      <h2 id="profile-reminder-title">Pengingat</h2>
      <label className="check-row reminder-switch">
        <input type="checkbox" checked={on} disabled={!profile || saving || !online} onChange={(e) => void toggle(e.target.checked)} />
        {PENGINGAT_MSG.switchLabel}
      </label>
      <p className="muted">{PENGINGAT_MSG.switchHint}</p>
      {!online && <Alert tone="warning">{PENGINGAT_MSG.offline}</Alert>}
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
    </section>
  );
}
