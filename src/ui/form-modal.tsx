import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Alert } from './alert';
import { focusFirstInvalid } from './field';
import { Modal, type ModalProps } from './modal';

interface FormModalProps<V> {
  title: string;
  /** Batal, X, Esc and a click outside (not while `busy`). */
  onClose: () => void;
  /**
   * Checks the typed values on submit: the value to save, or null after the screen set its field
   * errors (the focus then moves to the first field marked aria-invalid).
   */
  validate: () => V | null;
  /** Sends the checked value (e.g. `(value) => save.run(value, id)`); a result other than undefined means saved. */
  save: (value: V) => Promise<unknown>;
  /** Called after a successful save. */
  onSaved: () => void;
  /** The save is running: both buttons are disabled and the modal cannot be dismissed. */
  busy: boolean;
  /** The failure of the last save, shown under the fields; the input stays. */
  error?: string | null;
  /** Default 'Simpan'. */
  submitLabel?: string;
  /** Default 'Menyimpan...'. */
  busyLabel?: string;
  /** Default 'Batal'. */
  cancelLabel?: string;
  size?: ModalProps['size'];
  /** The fields. */
  children: ReactNode;
}

/**
 * An add / edit form in a modal: the fields, then the save failure; Batal and the submit button
 * (its busy label while saving) in the footer. Submit checks with `validate`, saves with `save`
 * and reports `onSaved`; the modal is mounted per opening, so each opening starts fresh.
 */
export function FormModal<V>({
  title,
  onClose,
  validate,
  save,
  onSaved,
  busy,
  error,
  submitLabel = 'Simpan',
  busyLabel = 'Menyimpan...',
  cancelLabel = 'Batal',
  size,
  children,
}: FormModalProps<V>) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = validate();
    if (value === null) {
      focusFirstInvalid(formRef.current);
      return;
    }
    if ((await save(value)) !== undefined) onSaved();
  }

  return (
    <Modal
      open
      size={size}
      title={title}
      onClose={onClose}
      dismissible={!busy}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <form ref={formRef} id={formId} onSubmit={(event) => void submit(event)} noValidate>
        {children}
        {error && <Alert tone="error">{error}</Alert>}
      </form>
    </Modal>
  );
}
