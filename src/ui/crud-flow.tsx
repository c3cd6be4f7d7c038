import { useState, type Key, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import type { DataTableColumn } from './data-table';
import { usePopup, type PopupApi } from './popup';
import { RowActions } from './row-actions';
import type { AsyncAction } from './use-async-action';

/** A list row the flow can edit and delete: it has an id. */
export type CrudRow = { id: Key };

interface CrudFlowOptions<T extends CrudRow> {
  /** The delete of one row by id (e.g. useDeleteX(api)): busy, failure text, run. */
  remove: AsyncAction<[T['id']], unknown>;
  /** The success notices after add, edit and delete (and the error popups). */
  messages: { added: string; updated: string; deleted: string };
  /** The delete confirmation: title (default 'Konfirmasi'), text, confirm label (default 'Ya'). */
  confirm: { title?: string; message: (row: T) => ReactNode; confirmLabel?: string };
  /** Confirm button text while deleting (default 'Menghapus...'). */
  deletingLabel?: string;
}

/** What a flow's add / edit form modal gets (`{...flow.form}`). */
export interface CrudFormProps<T> {
  /** The row to edit, or null to add one. */
  row: T | null;
  onClose: () => void;
  /** The form saved: it closes and the 'Sukses' notice says added or updated. */
  onSaved: (added: boolean) => void;
}

/** What useCrudFlow returns: the open form, the row being deleted, and the actions on them. */
export interface CrudFlow<T extends CrudRow> {
  /** The open form's props: `row: null` adds, `row` edits; null = no form. */
  form: CrudFormProps<T> | null;
  add: () => void;
  edit: (row: T) => void;
  /** Opens the delete confirmation for `row` (a failure of an earlier try is cleared). */
  askDelete: (row: T) => void;
  popup: PopupApi;
  /** The delete confirmation, the popup and the notice: render once. */
  element: ReactNode;
}

/**
 * The add / edit / delete flow of a master-data list: which row the form edits, which row the
 * confirm dialog deletes, the dialog's busy and failure state, and the 'Sukses' notices. The
 * lists themselves refresh from the mirror, which the save and delete functions update.
 */
export function useCrudFlow<T extends CrudRow>({ remove, messages, confirm, deletingLabel = 'Menghapus...' }: CrudFlowOptions<T>): CrudFlow<T> {
  const [form, setForm] = useState<{ row: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const popup = usePopup();

  async function confirmDelete() {
    if (!deleting) return;
    if ((await remove.run(deleting.id)) === undefined) return;
    setDeleting(null);
    popup.success(messages.deleted);
  }

  const element = (
    <>
      <ConfirmDialog
        open={deleting !== null}
        title={confirm.title}
        message={deleting ? confirm.message(deleting) : ''}
        confirmLabel={confirm.confirmLabel}
        busyLabel={deletingLabel}
        tone="danger"
        busy={remove.busy}
        error={remove.error}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      {popup.element}
    </>
  );

  return {
    form: form && {
      row: form.row,
      onClose: () => setForm(null),
      onSaved: (added) => {
        setForm(null);
        popup.success(added ? messages.added : messages.updated);
      },
    },
    add: () => setForm({ row: null }),
    edit: (row) => setForm({ row }),
    askDelete: (row) => {
      remove.reset();
      setDeleting(row);
    },
    popup,
    element,
  };
}

interface RowActionsColumnOptions<T> {
  /** Default 'Aksi'; its lower case is the column id (`col-aksi`). */
  header?: string;
  /** Default '7rem' (two buttons). */
  width?: string;
  /** Adds the 'Detail' button. */
  onDetail?: (row: T) => void;
  /** Why this row may not be deleted (its 'Hapus' then shows disabled with the reason), or null. */
  deleteDisabledReason?: (row: T) => string | null;
}

/** The actions column of a flow's list: 'Detail' (optional), 'Edit' opens the form, 'Hapus' asks to delete. */
export function rowActionsColumn<T extends CrudRow>(flow: CrudFlow<T>, options: RowActionsColumnOptions<T> = {}): DataTableColumn<T> {
  const { header = 'Aksi', width = '7rem', onDetail, deleteDisabledReason } = options;
  return {
    id: header.toLowerCase(),
    header,
    card: 'actions',
    width,
    cell: (row) => (
      <RowActions
        onDetail={onDetail && (() => onDetail(row))}
        onEdit={() => flow.edit(row)}
        onDelete={() => flow.askDelete(row)}
        disabledReason={{ delete: deleteDisabledReason?.(row) }}
      />
    ),
  };
}
