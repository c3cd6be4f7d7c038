import { useState } from 'react';
import { z } from 'zod';
import { type ApiClient, isApiError } from '@/api/client';
import type { SertifikatRecord } from '@/db/records';
import { SERTIFIKAT_MSG } from '@/domain/sertifikat';
import { type SertifikatTerbit, sertifikatTerbitSchema } from '@/domain/sertifikat-terbit';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { failureText } from './document-requests';

/** Answer of POST /api/sertifikat/terbitkan-ulang/{id}: the server's message and the new certificate. */
const reissueAnswerSchema = z.object({ message: z.string(), data: sertifikatTerbitSchema });
type ReissueAnswer = z.infer<typeof reissueAnswerSchema>;

/** POST /api/sertifikat/terbitkan-ulang/{id} (HR): revokes the participant's certificate and issues a new one. */
export function reissueCertificate(api: ApiClient, id: number): Promise<ReissueAnswer> {
  return api.post(`/api/sertifikat/terbitkan-ulang/${id}`, undefined, { schema: reissueAnswerSchema, fallbackMessage: SERTIFIKAT_MSG.reissueFailed });
}

/** The failure text of a reissue: no connection says it needs one; an answer, the server's message. */
export function reissueFailureText(error: unknown): string {
  return isApiError(error) && error.isNetworkError ? SERTIFIKAT_MSG.reissueOffline : failureText(error);
}

interface ReissueDialogProps {
  row: SertifikatRecord;
  api: ApiClient;
  /** Called after the server issued the new certificate (the screen pulls the list again). */
  onReissued: (message: string, terbit: SertifikatTerbit) => Promise<void>;
  onClose: () => void;
}

/**
 * 'Terbitkan ulang' (HR): asks first, saying the old code is revoked and a new one issued, then
 * sends the request. Online only: without a connection it says so and sends nothing. A refusal
 * stays in the dialog with the server's message.
 */
export function ReissueDialog({ row, api, onReissued, onClose }: ReissueDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!navigator.onLine) {
      setError(SERTIFIKAT_MSG.reissueOffline);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await reissueCertificate(api, row.id);
      await onReissued(answer.message, answer.data);
    } catch (e) {
      setError(reissueFailureText(e));
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open
      title={SERTIFIKAT_MSG.reissueTitle}
      message={SERTIFIKAT_MSG.reissueConfirm(row.nama, row.sertifikat?.kode ?? null)}
      confirmLabel={SERTIFIKAT_MSG.reissue}
      busyLabel={SERTIFIKAT_MSG.reissueBusy}
      busy={busy}
      error={error}
      tone="danger"
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
