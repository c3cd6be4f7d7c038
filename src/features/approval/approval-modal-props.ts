import type { ParticipantScores } from '@/db/nilai-mirror';
import type { KompetensiRecord, PesertaRecord } from '@/db/records';
import type { ChangeResult } from '@/sync/changes';

/** What the approval list gives its 'Detail Approval' and 'Edit Nilai' modals. */
export interface ApprovalModalProps {
  userId: number;
  role: string;
  peserta: PesertaRecord;
  kompetensi: readonly KompetensiRecord[];
  /** The participant's scores, reviews and this user's refused change (scoresOf). */
  scores: ParticipantScores;
  onClose: () => void;
  /** After an action: the outcome with the text to show. */
  onDone: (result: ChangeResult) => void;
}
