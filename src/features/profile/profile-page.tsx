import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { changePassword, getProfile, updateProfile, type SessionUser } from '@/api/auth';
import { useApi } from '@/api/api-context';
import { errorMessage } from '@/api/client';
import { USER_NAME_LABELS, changePasswordSchema, updateProfileSchema } from '@/domain/auth';
import { MSG } from '@/domain/messages';
import { normalizeRole } from '@/domain/roles';
import { Alert, type AlertTone } from '@/ui/alert';
import { Spinner } from '@/ui/spinner';
import { useDocumentTitle } from '@/ui/use-document-title';
import { LogoPanel } from './logo-panel';
import { ReminderPanel } from './reminder-panel';
import { SignaturePanel, hasSignaturePanel } from './signature-panel';
import './profile.css';

interface ProfilePageProps {
  /** The session's user (possibly from the offline cache), shown until the fresh load returns. */
  cachedUser: SessionUser | null;
  /** Called with the user after a successful load or username change (updates the session). */
  onUserUpdated: (user: SessionUser) => Promise<void> | void;
  /** Called with the fresh token a password change answers (the old one no longer works). */
  onTokenRenewed: (token: string) => Promise<void> | void;
  /** The 'Notifikasi' card (push to this device), given by the route. */
  pushPanel?: ReactNode;
}

type Status = { tone: AlertTone; text: string } | null;

interface PasswordFieldProps {
  id: string;
  label: string;
  /** Tells the browser's password manager which password this is. */
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
}

/** A password input of the 'Ubah Password' form. */
function PasswordField({ id, label, autoComplete, value, onChange }: PasswordFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A profile form's outcome (success or error) and its submit button, 'Menyimpan...' while busy. */
function FormFooter({ status, busy, disabled = false, label }: { status: Status; busy: boolean; disabled?: boolean; label: string }) {
  return (
    <>
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || disabled}>
          {busy ? 'Menyimpan...' : label}
        </button>
      </div>
    </>
  );
}

/**
 * '/profile' ('Detail Profil'): account data, username, full name and title change, password change, the
 * 'Terima pengingat' switch, for a
 * Pembimbing or BusHead the signature panel, and for HR the organisation's logo.
 */
export function ProfilePage({ cachedUser, onUserUpdated, onTokenRenewed, pushPanel }: ProfilePageProps) {
  const api = useApi();
  useDocumentTitle('Detail Profil');
  const [profile, setProfile] = useState<SessionUser | null>(cachedUser);
  const [loading, setLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [username, setUsername] = useState(cachedUser?.username ?? '');
  const [namaLengkap, setNamaLengkap] = useState(cachedUser?.nama_lengkap ?? '');
  const [jabatan, setJabatan] = useState(cachedUser?.jabatan ?? '');
  const [usernameStatus, setUsernameStatus] = useState<Status>(null);
  const [savingUsername, setSavingUsername] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [passwordStatus, setPasswordStatus] = useState<Status>(null);
  const [savingPassword, setSavingPassword] = useState(false);

  useEffect(() => {
    let cancelled = false;
    getProfile(api)
      .then((user) => {
        if (cancelled) return;
        setProfile(user);
        showAccount(user);
        void onUserUpdated(user);
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
    // Load once per visit; onUserUpdated changes identity on every render of the route.
  }, [api]);

  /** The account form's fields as `user` has them. */
  function showAccount(user: SessionUser) {
    setUsername(user.username);
    setNamaLengkap(user.nama_lengkap ?? '');
    setJabatan(user.jabatan ?? '');
  }

  async function saveUsername(event: FormEvent) {
    event.preventDefault();
    // Blank full name or title clears it (null on the server).
    const parsed = updateProfileSchema.safeParse({ username, nama_lengkap: namaLengkap, jabatan });
    if (!parsed.success) {
      setUsernameStatus({ tone: 'error', text: parsed.error.issues[0]?.message ?? MSG.profileUpdateFailed });
      return;
    }
    setSavingUsername(true);
    setUsernameStatus(null);
    try {
      const renamed = parsed.data.username !== profile?.username;
      const user = await updateProfile(api, parsed.data);
      setProfile(user);
      showAccount(user);
      await onUserUpdated(user);
      setUsernameStatus({ tone: 'success', text: renamed ? MSG.usernameUpdated : MSG.profileUpdated });
    } catch (e) {
      setUsernameStatus({ tone: 'error', text: errorMessage(e, MSG.profileUpdateFailed) });
    } finally {
      setSavingUsername(false);
    }
  }

  async function savePassword(event: FormEvent) {
    event.preventDefault();
    if (currentPassword === '' || newPassword === '') {
      setPasswordStatus({ tone: 'error', text: MSG.passwordBothRequired });
      return;
    }
    const parsed = changePasswordSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setPasswordStatus({ tone: 'error', text: parsed.error.issues[0]?.message ?? MSG.profileUpdateFailed });
      return;
    }
    setSavingPassword(true);
    setPasswordStatus(null);
    try {
      await onTokenRenewed(await changePassword(api, parsed.data));
      setCurrentPassword('');
      setNewPassword('');
      setPasswordStatus({ tone: 'success', text: MSG.passwordUpdated });
    } catch (e) {
      setPasswordStatus({ tone: 'error', text: errorMessage(e, MSG.profileUpdateFailed) });
    } finally {
      setSavingPassword(false);
    }
  }

  return (
    <section className="page">
      <header className="page-header">
        <h1>Detail Profil</h1>
        {loading && <Spinner />}
      </header>

      {loadFailed && <Alert tone="error">{MSG.profileLoadFailed}</Alert>}

      <div className="profile-grid">
        <form className="card form-card" onSubmit={saveUsername} aria-labelledby="profile-account-title">
          <h2 id="profile-account-title">Informasi Akun</h2>
          <div className="field">
            <label htmlFor="profile-employee-id">Employee ID</label>
            <input id="profile-employee-id" readOnly value={profile?.employee_id ?? profile?.employeeId ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="profile-role">Role</label>
            <input id="profile-role" readOnly value={profile?.role ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="profile-username">Username</label>
            <input
              id="profile-username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="profile-nama-lengkap">{USER_NAME_LABELS.nama_lengkap}</label>
            <input id="profile-nama-lengkap" autoComplete="name" value={namaLengkap} onChange={(e) => setNamaLengkap(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="profile-jabatan">{USER_NAME_LABELS.jabatan}</label>
            <input id="profile-jabatan" autoComplete="organization-title" value={jabatan} onChange={(e) => setJabatan(e.target.value)} />
          </div>
          <FormFooter status={usernameStatus} busy={savingUsername} disabled={!profile} label="Simpan Username" />
        </form>

        <form className="card form-card" onSubmit={savePassword} noValidate aria-labelledby="profile-password-title">
          <h2 id="profile-password-title">Ubah Password</h2>
          <PasswordField
            id="profile-current-password"
            label="Password Lama"
            autoComplete="current-password"
            value={currentPassword}
            onChange={setCurrentPassword}
          />
          <PasswordField id="profile-new-password" label="Password Baru" autoComplete="new-password" value={newPassword} onChange={setNewPassword} />
          <FormFooter status={passwordStatus} busy={savingPassword} label="Ubah Password" />
        </form>

        {pushPanel}
        <ReminderPanel
          api={api}
          profile={loading ? null : profile}
          onUserUpdated={(user) => {
            setProfile(user);
            void onUserUpdated(user);
          }}
        />

        {profile && normalizeRole(profile.role) === 'HR' && <LogoPanel api={api} />}

        {profile && hasSignaturePanel(profile.role) && (
          <SignaturePanel
            api={api}
            profile={profile}
            onUserUpdated={(user) => {
              setProfile(user);
              void onUserUpdated(user);
            }}
          />
        )}
      </div>
    </section>
  );
}
