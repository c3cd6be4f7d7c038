import { useEffect, useState } from 'react';
import { useApi } from '@/api/api-context';
import { errorMessage } from '@/api/client';
import { PUSH_MSG } from '@/domain/push';
import { type PushState, enablePush, readPushState, serverHasPush } from './push-subscription';

/**
 * 'Aktifkan notifikasi': push to this device, asked only when the user taps (never on load). It
 * shows where push stands: active, blocked (how to allow it in the browser), an iPhone / iPad in
 * the browser (install to the home screen first), or not available (the browser, or the server
 * without push). `compact`: the inbox's one-line form, which shows nothing when push cannot work here.
 */
export function PushOptIn({ userId, compact = false }: { userId: number | null; compact?: boolean }) {
  const api = useApi();
  const [state, setState] = useState<PushState | 'server-off' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([readPushState(userId), serverHasPush(api)])
      .then(([value, on]) => live && setState(on || value === 'active' ? value : 'server-off'))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, [api, userId]);

  async function enable() {
    if (userId === null) return;
    setBusy(true);
    setFailure(null);
    try {
      setState(await enablePush(api, userId));
    } catch (error) {
      setFailure(errorMessage(error, PUSH_MSG.failed));
    } finally {
      setBusy(false);
    }
  }

  if (state === null || (compact && (state === 'unsupported' || state === 'server-off'))) return null;
  return (
    <div className={`push-optin${compact ? ' is-compact' : ''}`} data-state={state}>
      {state === 'active' && (
        <p className="push-optin-status" role="status">
          <strong>{PUSH_MSG.active}</strong>
          {!compact && ` ${PUSH_MSG.activeHint}`}
        </p>
      )}
      {state === 'unsupported' && <p className="push-optin-note">{PUSH_MSG.unsupported}</p>}
      {state === 'server-off' && <p className="push-optin-note">{PUSH_MSG.disabled}</p>}
      {state === 'ios-browser' && (
        <p className="push-optin-note">
          <strong>{PUSH_MSG.needsInstall}</strong> {PUSH_MSG.needsInstallHint}
        </p>
      )}
      {state === 'denied' && (
        <p className="push-optin-note" role="status">
          {PUSH_MSG.denied}
        </p>
      )}
      {(state === 'prompt' || state === 'granted') && (
        <>
          {!compact && <p className="push-optin-note">{PUSH_MSG.offer}</p>}
          <button type="button" className="btn btn-secondary push-optin-button" disabled={busy} onClick={() => void enable()}>
            {busy ? PUSH_MSG.enabling : PUSH_MSG.enable}
          </button>
        </>
      )}
      {failure && (
        <p className="push-optin-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
