import { cloneElement, useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import type { ApiClient } from '@/api/client';
import type { PesertaRecord } from '@/db/records';
import type { Jenjang } from '@/domain/master-data';
import { PESERTA_MSG, PESERTA_TITLES } from '@/domain/peserta';
import { Alert } from '@/ui/alert';
import { Field, focusFirstInvalid } from '@/ui/field';
import { Modal } from '@/ui/modal';
import { EMPTY_PESERTA_INPUT, checkCreate, checkUpdate, pesertaToInput, type PesertaFormInput, type PesertaFormKey } from './peserta-form';
import { type SavePesertaRequest, useSavePeserta } from './save-peserta';
import { type OptionList, usePesertaOptions } from './use-peserta-options';

/** Labels of the form per level (the student and the university form). */
const LABELS: Record<Jenjang, Record<PesertaFormKey, string>> = {
  SMK: {
    nama: 'Nama',
    nomor: 'NIS',
    jurusan: 'Jurusan',
    fakultas: 'Fakultas',
    instansi_id: 'Sekolah',
    nama_pembimbing: 'Nama Pembimbing',
    kontak_pembimbing: 'Kontak Pembimbing',
    divisi_id: 'Divisi',
    mentor_id: 'Mentor',
    pembimbing_id: 'Pembimbing',
    tanggal_masuk: 'Tanggal Masuk',
    tanggal_selesai: 'Tanggal Selesai',
  },
  Mahasiswa: {
    nama: 'Nama',
    nomor: 'NIM',
    jurusan: 'Jurusan',
    fakultas: 'Fakultas',
    instansi_id: 'Kampus',
    nama_pembimbing: 'Nama Dosen Pembimbing',
    kontak_pembimbing: 'Kontak Dosen Pembimbing',
    divisi_id: 'Divisi',
    mentor_id: 'Mentor',
    pembimbing_id: 'Pembimbing',
    tanggal_masuk: 'Tanggal Masuk',
    tanggal_selesai: 'Tanggal Selesai',
  },
};

interface PesertaFormModalProps {
  api: ApiClient;
  jenjang: Jenjang;
  /** The participant to edit, or null to add one. */
  peserta: PesertaRecord | null;
  onClose: () => void;
  onSaved: (added: boolean) => void;
}

/**
 * Add / Edit participant: on add every field is required ('Semua field wajib
 * diisi', nothing sent); on edit only the filled-in changed fields are sent. A failed save
 * (offline included) keeps the modal and its input.
 */
export function PesertaFormModal({ api, jenjang, peserta, onClose, onSaved }: PesertaFormModalProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const problemId = useId();
  const editing = peserta !== null;
  const [initial] = useState<PesertaFormInput>(() => (peserta ? pesertaToInput(peserta) : EMPTY_PESERTA_INPUT));
  const [input, setInput] = useState<PesertaFormInput>(initial);
  const [problem, setProblem] = useState<{ message: string; invalid: PesertaFormKey[] } | null>(null);
  const options = usePesertaOptions(api, jenjang);
  const save = useSavePeserta(api);
  const labels = LABELS[jenjang];
  const kind = jenjang === 'SMK' ? 'sekolah' : 'kampus';

  // A refused save is reported at the top of a long form: bring it into view.
  useEffect(() => {
    if (save.error) alertRef.current?.scrollIntoView({ block: 'nearest' });
  }, [save.error]);

  function set(key: PesertaFormKey, value: string) {
    setInput((current) => ({ ...current, [key]: value }));
    setProblem(null);
  }

  function fail(message: string, invalid: PesertaFormKey[]): null {
    setProblem({ message, invalid });
    focusFirstInvalid(formRef.current);
    return null;
  }

  /** The request to send, or null after marking what is wrong (nothing is sent then). */
  function buildRequest(): SavePesertaRequest | null {
    if (peserta) {
      const check = checkUpdate(input, initial, jenjang);
      return check.ok ? { kind: 'update', id: peserta.id, payload: check.payload } : fail(check.message, check.invalid);
    }
    const check = checkCreate(input, jenjang);
    return check.ok ? { kind: 'create', payload: check.payload } : fail(check.message, check.invalid);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const request = buildRequest();
    if (!request) return;
    setProblem(null);
    // An edit that changes nothing sends nothing (an edit sends only the non-empty changed fields).
    if (request.kind === 'update' && Object.keys(request.payload).length === 0) {
      onClose();
      return;
    }
    if (await save.run(request)) onSaved(!editing);
  }

  const field = (key: PesertaFormKey, control: ReactElement<Record<string, unknown>>, className?: string) => (
    <Field label={labels[key]} required={!editing} className={className}>
      {cloneElement(control, {
        name: key,
        'aria-invalid': problem?.invalid.includes(key) || undefined,
        // The form's one message ('Semua field wajib diisi', …) describes each field it marks.
        'aria-describedby': problem?.invalid.includes(key) ? problemId : undefined,
      })}
    </Field>
  );
  const text = (key: PesertaFormKey, type = 'text') => (
    <input type={type} value={input[key]} autoComplete="off" inputMode={type === 'tel' ? 'tel' : undefined} onChange={(e) => set(key, e.target.value)} />
  );
  const select = (key: PesertaFormKey, list: OptionList, what: string) => (
    <select value={input[key]} onChange={(e) => set(key, e.target.value)}>
      {list.loading ? (
        <option value="">{PESERTA_MSG.loading}</option>
      ) : list.options.length === 0 ? (
        <option value="">{PESERTA_MSG.noneAvailable(what)}</option>
      ) : (
        <option value="">{`Pilih ${labels[key]}`}</option>
      )}
      {list.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );

  return (
    <Modal
      open
      size="lg"
      title={editing ? PESERTA_TITLES[jenjang].edit : PESERTA_TITLES[jenjang].add}
      onClose={onClose}
      dismissible={!save.busy}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={save.busy}>
            Batal
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={save.busy} aria-busy={save.busy || undefined}>
            {save.busy ? 'Saving...' : 'Simpan'}
          </button>
        </>
      }
    >
      <form ref={formRef} id={formId} onSubmit={submit} noValidate className="peserta-form">
        {/* Messages on top, where the focus (first invalid field) or the scroll brings the eye. */}
        <div ref={alertRef} className="span-2 peserta-form-alerts">
          {problem && (
            <Alert tone="error" id={problemId}>
              {problem.message}
            </Alert>
          )}
          {save.error && <Alert tone="error">{save.error}</Alert>}
        </div>
        {field('nama', text('nama'), 'span-2')}
        {field('nomor', text('nomor'))}
        {field('jurusan', text('jurusan'))}
        {jenjang === 'Mahasiswa' && field('fakultas', text('fakultas'))}
        {field('instansi_id', select('instansi_id', options.instansi, kind), jenjang === 'SMK' ? 'span-2' : undefined)}
        {field('nama_pembimbing', text('nama_pembimbing'))}
        {field('kontak_pembimbing', text('kontak_pembimbing', 'tel'))}
        {field('divisi_id', select('divisi_id', options.divisi, 'divisi'))}
        {field('mentor_id', select('mentor_id', options.mentor, 'mentor'))}
        {field('pembimbing_id', select('pembimbing_id', options.pembimbing, 'pembimbing'), 'span-2')}
        {field(
          'tanggal_masuk',
          <input type="date" value={input.tanggal_masuk} max={input.tanggal_selesai || undefined} onChange={(e) => set('tanggal_masuk', e.target.value)} />,
        )}
        {field(
          'tanggal_selesai',
          <input type="date" value={input.tanggal_selesai} min={input.tanggal_masuk || undefined} onChange={(e) => set('tanggal_selesai', e.target.value)} />,
        )}
      </form>
    </Modal>
  );
}
