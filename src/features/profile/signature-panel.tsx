import type { SessionUser } from '@/api/auth';
import type { ApiClient } from '@/api/client';
import { deleteSignature, uploadSignature } from '@/api/signature';
import { MSG } from '@/domain/messages';
import { SIGNATURE_PANEL_TEXT } from '@/domain/signature-panel';
import { type Role, normalizeRole } from '@/domain/roles';
import { PngUploadPanel } from './png-upload-panel';
import { useSignatureImage } from './use-signature-image';

/** The roles that sign documents and so have a signature panel. */
const SIGNING_ROLES: readonly Role[] = ['Pembimbing', 'BusHead'];

/** True when a user of `role` gets the signature panel. */
export function hasSignaturePanel(role: string | null | undefined): boolean {
  const normalized = normalizeRole(role);
  return normalized !== null && SIGNING_ROLES.includes(normalized);
}

/** What the signature panel says after an upload or a delete, and when one fails. */
const MESSAGES = {
  uploaded: MSG.signatureUploaded,
  uploadFailed: MSG.signatureUploadFailed,
  deleted: MSG.signatureDeleted,
  deleteFailed: MSG.signatureDeleteFailed,
};

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
  const current = useSignatureImage(api, profile.signature_url);
  const hasSignature = Boolean(profile.signature_url);
  return (
    <PngUploadPanel
      titleId="profile-signature-title"
      text={SIGNATURE_PANEL_TEXT}
      messages={MESSAGES}
      stored={hasSignature}
      current={hasSignature ? current : null}
      upload={async (file) => {
        const { user } = await uploadSignature(api, file, file.name);
        onUserUpdated(user);
      }}
      remove={async () => {
        const { user } = await deleteSignature(api);
        onUserUpdated(user);
      }}
    />
  );
}
