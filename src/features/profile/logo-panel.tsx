import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { errorMessage, type ApiClient } from '@/api/client';
import { deleteLogo, uploadLogo } from '@/api/organisasi';
import { signatureFileProblem } from '@/api/signature';
import { LOGO_MSG, LOGO_PANEL_TEXT } from '@/domain/organisasi';
import { Alert, type AlertTone } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Spinner } from '@/ui/spinner';
import { useOnlineStatus } from '@/ui/use-online-status';
import { useOrganisasiLogo } from './use-organisasi-logo';
import { useFileUrl } from './use-signature-image';

const TEXT = LOGO_PANEL_TEXT;

type Status = { tone: AlertTone; text: string } | null;

/**
 * HR's 'Logo Organisasi' panel: whether a logo is set, the current logo with 'Hapus Logo' (after
 * a confirm), and a PNG upload with a preview of the chosen file. Online only: offline it says
 * so and offers nothing. A file that is not a PNG or larger than 1 MB is refused here, before
 * anything is sent (the signature's check: the same limits and texts).
 */
export function LogoPanel({ api }: { api: ApiClient }) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const online = useOnlineStatus();
  const current = useOrganisasiLogo(api);
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const chosenUrl = useFileUrl(file);
  const hasLogo = current.status === 'present';
  const { reload } = current;

  // Back online: ask again (the load made offline failed).
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) reload();
    wasOnline.current = online;
  }, [online, reload]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setStatus(null);
    if (!chosen) {
      setFile(null);
      return;
    }
    const problem = await signatureFileProblem(chosen);
    if (problem) {
      setFile(null);
      event.target.value = '';
      setStatus({ tone: 'error', text: problem });
      return;
    }
    setFile(chosen);
  }

  async function upload() {
    if (!file) return;
    setUploading(true);
    setStatus(null);
    try {
      await uploadLogo(api, file, file.name);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      setStatus({ tone: 'success', text: LOGO_MSG.uploaded });
      reload();
    } catch (e) {
      setStatus({ tone: 'error', text: errorMessage(e, LOGO_MSG.uploadFailed) });
    } finally {
      setUploading(false);
    }
  }

  async function remove() {
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteLogo(api);
      setConfirming(false);
      setStatus({ tone: 'success', text: LOGO_MSG.deleted });
      reload();
    } catch (e) {
      setDeleteError(errorMessage(e, LOGO_MSG.deleteFailed));
    } finally {
      setDeleting(false);
    }
  }

  const busy = uploading || !online;
  return (
    <section className="card form-card signature-panel" aria-labelledby="profile-logo-title">
      <div className="signature-head">
        <h2 id="profile-logo-title">{TEXT.title}</h2>
        {(hasLogo || current.status === 'none') && <Badge tone={hasLogo ? 'success' : 'neutral'}>{hasLogo ? TEXT.uploaded : TEXT.notUploaded}</Badge>}
      </div>
      <p className="muted logo-intro">{TEXT.intro}</p>

      {!online && <Alert tone="warning">{TEXT.offline}</Alert>}
      {online && current.status === 'loading' && <Spinner size={24} />}
      {online && current.status === 'failed' && <Alert tone="error">{TEXT.imageFailed}</Alert>}

      {hasLogo && current.url && (
        <div className="signature-current">
          <figure className="signature-figure">
            <img className="signature-image" src={current.url} alt={TEXT.current} />
            <figcaption className="muted">{TEXT.current}</figcaption>
          </figure>
          <button
            type="button"
            className="btn btn-danger-outline"
            disabled={busy}
            onClick={() => {
              setDeleteError(null);
              setConfirming(true);
            }}
          >
            {TEXT.remove}
          </button>
        </div>
      )}

      <div className="field">
        <label htmlFor={inputId}>{TEXT.fileLabel}</label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/png"
          aria-describedby={hintId}
          onChange={(e) => void onFile(e)}
          disabled={busy}
        />
        <p id={hintId} className="field-hint muted">
          {hasLogo ? `${TEXT.note} ${TEXT.replaceHint} ${TEXT.reissueHint}` : TEXT.note}
        </p>
      </div>

      {chosenUrl && (
        <figure className="signature-figure">
          <img className="signature-image" src={chosenUrl} alt={TEXT.chosen} />
          <figcaption className="muted">{TEXT.chosen}</figcaption>
        </figure>
      )}

      {status && <Alert tone={status.tone}>{status.text}</Alert>}

      <div className="form-actions">
        <button type="button" className="btn btn-primary" disabled={!file || busy} onClick={() => void upload()}>
          {uploading ? TEXT.uploading : TEXT.upload}
        </button>
      </div>

      <ConfirmDialog
        open={confirming}
        title={TEXT.confirmTitle}
        message={TEXT.confirm}
        confirmLabel={TEXT.confirmYes}
        busyLabel={TEXT.confirmBusy}
        tone="danger"
        busy={deleting}
        error={deleteError}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
