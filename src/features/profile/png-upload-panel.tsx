import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { errorMessage } from '@/api/client';
import { signatureFileProblem } from '@/api/signature';
import { Alert, type AlertTone } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Spinner } from '@/ui/spinner';
import { useFileUrl } from './use-signature-image';

/** The texts of a PNG upload panel (the signature's and the logo's both have them). */
export interface PngUploadPanelText {
  title: string;
  uploaded: string;
  notUploaded: string;
  current: string;
  imageFailed: string;
  remove: string;
  fileLabel: string;
  note: string;
  replaceHint: string;
  chosen: string;
  upload: string;
  uploading: string;
  confirmTitle: string;
  confirm: string;
  confirmYes: string;
  confirmBusy: string;
}

/** What the panel says after an upload or a delete, and when one fails. */
export interface PngUploadPanelMessages {
  uploaded: string;
  uploadFailed: string;
  deleted: string;
  deleteFailed: string;
}

type Status = { tone: AlertTone; text: string } | null;

interface PngUploadPanelProps {
  /** The heading's id; the panel is the region it names. */
  titleId: string;
  text: PngUploadPanelText;
  messages: PngUploadPanelMessages;
  /** Whether an image is stored (the badge); null while that is not known (no badge). */
  stored: boolean | null;
  /**
   * The stored image with its 'remove' button, or null to show none: its Blob URL once loaded,
   * else its failure or a spinner.
   */
  current: { url: string | null; failed: boolean } | null;
  /** Said after the note and the replace hint while an image is stored. */
  storedHint?: string;
  /** Nothing can be chosen, uploaded or removed (e.g. offline). */
  disabled?: boolean;
  /** Sends the chosen file; a throw is shown as the upload's failure. */
  upload: (file: File) => Promise<void>;
  /** Deletes the stored image; a throw is shown in the confirm dialog. */
  remove: () => Promise<void>;
  /** Shown below the heading: the panel's own notes. */
  children?: ReactNode;
}

/**
 * A profile panel around one stored PNG: its status badge, the stored image with a 'remove'
 * button (after a confirm), and a PNG upload with a preview of the chosen file as the panel's
 * one primary action. A file that is not a PNG or larger than 1 MB is refused here, before
 * anything is sent.
 */
export function PngUploadPanel({ titleId, text, messages, stored, current, storedHint, disabled = false, upload, remove, children }: PngUploadPanelProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const chosenUrl = useFileUrl(file);

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

  async function send() {
    if (!file) return;
    setUploading(true);
    setStatus(null);
    try {
      await upload(file);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      setStatus({ tone: 'success', text: messages.uploaded });
    } catch (e) {
      setStatus({ tone: 'error', text: errorMessage(e, messages.uploadFailed) });
    } finally {
      setUploading(false);
    }
  }

  async function confirmRemove() {
    setDeleting(true);
    setDeleteError(null);
    try {
      await remove();
      setConfirming(false);
      setStatus({ tone: 'success', text: messages.deleted });
    } catch (e) {
      setDeleteError(errorMessage(e, messages.deleteFailed));
    } finally {
      setDeleting(false);
    }
  }

  const busy = uploading || disabled;
  const hint = stored ? [text.note, text.replaceHint, ...(storedHint ? [storedHint] : [])].join(' ') : text.note;
  return (
    <section className="card form-card signature-panel" aria-labelledby={titleId}>
      <div className="signature-head">
        <h2 id={titleId}>{text.title}</h2>
        {stored !== null && <Badge tone={stored ? 'success' : 'neutral'}>{stored ? text.uploaded : text.notUploaded}</Badge>}
      </div>
      {children}

      {current && (
        <div className="signature-current">
          <figure className="signature-figure">
            {current.url ? (
              <img className="signature-image" src={current.url} alt={text.current} />
            ) : current.failed ? (
              <p className="muted">{text.imageFailed}</p>
            ) : (
              <Spinner size={24} />
            )}
            <figcaption className="muted">{text.current}</figcaption>
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
            {text.remove}
          </button>
        </div>
      )}

      <div className="field">
        <label htmlFor={inputId}>{text.fileLabel}</label>
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
          {hint}
        </p>
      </div>

      {chosenUrl && (
        <figure className="signature-figure">
          <img className="signature-image" src={chosenUrl} alt={text.chosen} />
          <figcaption className="muted">{text.chosen}</figcaption>
        </figure>
      )}

      {status && <Alert tone={status.tone}>{status.text}</Alert>}

      <div className="form-actions">
        <button type="button" className="btn btn-primary" disabled={!file || busy} onClick={() => void send()}>
          {uploading ? text.uploading : text.upload}
        </button>
      </div>

      <ConfirmDialog
        open={confirming}
        title={text.confirmTitle}
        message={text.confirm}
        confirmLabel={text.confirmYes}
        busyLabel={text.confirmBusy}
        tone="danger"
        busy={deleting}
        error={deleteError}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
