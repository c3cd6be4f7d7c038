import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { SessionUser } from '@/api/auth';
import { errorMessage, type ApiClient } from '@/api/client';
import { deleteSignature, signatureFileProblem, uploadSignature } from '@/api/signature';
import { MSG } from '@/domain/messages';
import { SIGNATURE_PANEL_TEXT } from '@/domain/signature-panel';
import { type Role, normalizeRole } from '@/domain/roles';
import { Alert, type AlertTone } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Spinner } from '@/ui/spinner';
import { useFileUrl, useSignatureImage } from './use-signature-image';

/** The roles that sign documents and so have a signature panel. */
const SIGNING_ROLES: readonly Role[] = ['Pembimbing', 'BusHead'];

/** True when a user of `role` gets the signature panel. */
export function hasSignaturePanel(role: string | null | undefined): boolean {
  const normalized = normalizeRole(role);
  return normalized !== null && SIGNING_ROLES.includes(normalized);
}

const TEXT = SIGNATURE_PANEL_TEXT;

type Status = { tone: AlertTone; text: string } | null;

interface SignaturePanelProps {
  api: ApiClient;
  profile: SessionUser;
  /** Called with the user the server returned after an upload or a delete. */
  onUserUpdated: (user: SessionUser) => void;
}

/**
 * The signature panel of a Pembimbing or BusHead: its status, the stored signature with
 * 'Hapus TTD' (after a confirm) once one is uploaded, and a PNG upload with a preview of the
 * chosen file as the panel's one primary action. A file that is not a PNG or larger than 1 MB
 * is refused here, before anything is sent.
 */
export function SignaturePanel({ api, profile, onUserUpdated }: SignaturePanelProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const current = useSignatureImage(api, profile.signature_url);
  const chosenUrl = useFileUrl(file);
  const hasSignature = Boolean(profile.signature_url);

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
      const { user } = await uploadSignature(api, file, file.name);
      onUserUpdated(user);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      setStatus({ tone: 'success', text: MSG.signatureUploaded });
    } catch (e) {
      setStatus({ tone: 'error', text: errorMessage(e, MSG.signatureUploadFailed) });
    } finally {
      setUploading(false);
    }
  }

  async function remove() {
    setDeleting(true);
    setDeleteError(null);
    try {
      const { user } = await deleteSignature(api);
      onUserUpdated(user);
      setConfirming(false);
      setStatus({ tone: 'success', text: MSG.signatureDeleted });
    } catch (e) {
      setDeleteError(errorMessage(e, MSG.signatureDeleteFailed));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <section className="card form-card signature-panel" aria-labelledby="profile-signature-title">
      <div className="signature-head">
        <h2 id="profile-signature-title">{TEXT.title}</h2>
        <Badge tone={hasSignature ? 'success' : 'neutral'}>{hasSignature ? TEXT.uploaded : TEXT.notUploaded}</Badge>
      </div>

      {hasSignature && (
        <div className="signature-current">
          <figure className="signature-figure">
            {current.url ? (
              <img className="signature-image" src={current.url} alt={TEXT.current} />
            ) : current.failed ? (
              <p className="muted">{TEXT.imageFailed}</p>
            ) : (
              <Spinner size={24} />
            )}
            <figcaption className="muted">{TEXT.current}</figcaption>
          </figure>
          <button
            type="button"
            className="btn btn-danger-outline"
            disabled={uploading}
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
          disabled={uploading}
        />
        <p id={hintId} className="field-hint muted">
          {hasSignature ? `${TEXT.note} ${TEXT.replaceHint}` : TEXT.note}
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
        <button type="button" className="btn btn-primary" disabled={!file || uploading} onClick={() => void upload()}>
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
